export type { InfraContext } from './context';
export * from './names';
export * from './wait';
