import 'vitest';

/** What the global setup hands to every integration test through `inject('infra')`. */
export type InfraContext = {
  mongoUrl: string;
  kafkaBrokers: string;
  /** Mailpit: its SMTP server (`smtp://host:port`), and its inbox, whose API tests read mail through. */
  smtpUrl: string;
  mailpitUrl: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    infra: InfraContext;
  }
}
