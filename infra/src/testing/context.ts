import 'vitest';

/** What the global setup hands to every integration test through `inject('infra')`. */
export type InfraContext = { mongoUrl: string; kafkaBrokers: string };

declare module 'vitest' {
  export interface ProvidedContext {
    infra: InfraContext;
  }
}
