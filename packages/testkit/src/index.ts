export * from './accounts';
export type { InfraContext } from './context';
export * from './http';
export * from './names';
export * from './stack';
export * from './wait';
export * from './seed';
