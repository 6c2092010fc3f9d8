// Dialogs (Radix) live in '@meritmatch/ui/dialogs' so that pages without one stay light.
export * from './feedback';
export * from './fields';
export * from './pager';
