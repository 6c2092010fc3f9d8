export * from './admin';
export * from './auth';
export * from './employer';
export * from './errors';
export * from './events';
export * from './job-seeker';
export * from './matching';
export * from './primitives';
