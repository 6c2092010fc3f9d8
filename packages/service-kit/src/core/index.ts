/** The kit's core layer: errors, identity, the request context and its deadline, events, env, logging, metrics, readiness: no I/O of its own. */
export * from './api-error';
export * from './by-ids';
export * from './deadline-watch';
export * from './domain-error';
export * from './env';
export * from './events';
export * from './identity';
export * from './logger';
export * from './metrics';
export * from './readiness';
export * from './request-context';
export * from './versioned';
