export * from './candidates';
export * from './employers';
export * from './envelope';
export * from './match-requests';
export * from './sessions';
export * from './system-settings';
export * from './topics';
export * from './users';
