/** The kit's platform layer: a process: the platform (database, broker, relays, consumers), the service runner, erasure parts. */
export * from './erasure-part';
export * from './platform';
export * from './record-log';
export * from './runner';
export * from './service';
