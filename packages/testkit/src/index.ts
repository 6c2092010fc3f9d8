export * from './accounts';
export * from './commands';
export type { InfraContext } from './context';
export * from './http';
export * from './mailbox';
export * from './names';
export * from './seed';
export * from './stack';
export * from './wait';
