// Dialogs (Radix) live in '@meritmatch/ui/dialogs' so that pages without one stay light; the
// shell's first page takes only '@meritmatch/ui/feedback' (no form fields).
export * from './feedback';
export * from './fields';
export * from './pager';
