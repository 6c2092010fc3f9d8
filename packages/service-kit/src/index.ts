/**
 * Everything the kit exports, layer by layer: core → store → messaging → http → platform (each
 * layer imports only those before it; biome.json keeps it so). A layer is also its own entry,
 * `@meritmatch/service-kit/<layer>`.
 */
export * from './core';
export * from './http';
export * from './messaging';
export * from './platform';
export * from './store';
