export * from './api';
export * from './context';
export * from './form-message';
export * from './session';
