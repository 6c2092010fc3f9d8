export * from './candidates';
export * from './envelope';
export * from './users';
