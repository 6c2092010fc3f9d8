/** The kit's store layer: MongoDB: the connection, the aggregate store and its outbox, the write guard, indexes and lists, limits. */
export * from './aggregate-store';
export * from './key-index';
export * from './member-lists';
export * from './mongo';
export * from './outbox';
export * from './sequenced-lists';
export * from './shared-limiter';
export * from './slot-store';
export * from './subset-index';
export * from './transient';
export * from './upkeep';
export * from './write-guard';
