export * from './dialogs';
export * from './feedback';
export * from './fields';
