/** The kit's http layer: Hono: the app factory, the request pipeline, tokens, validation, the error shape, owner clients. */
export * from './app';
export * from './auth';
export * from './client-address';
export * from './errors';
export * from './owner-client';
export * from './request-pipeline';
export * from './service-token';
export * from './streamed-body';
export * from './token-confirmation';
export * from './validation';
