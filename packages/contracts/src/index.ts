export * from './auth';
export * from './errors';
export * from './events';
export * from './job-seeker';
export * from './primitives';
