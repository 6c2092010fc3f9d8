export * from './auth';
export * from './errors';
export * from './events';
export * from './primitives';
