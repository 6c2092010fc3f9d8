export * from './candidates';
export * from './employers';
export * from './envelope';
export * from './match-requests';
export * from './personal-data-reads';
export * from './sessions';
export * from './topics';
export * from './users';
