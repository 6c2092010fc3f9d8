export * from './envelope';
export * from './users';
