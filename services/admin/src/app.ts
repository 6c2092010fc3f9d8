import { createServiceApp, type Logger, type ReadinessCheck } from '@meritmatch/service-kit';

export type Deps = { logger: Logger; readiness: ReadinessCheck[] };

export function createApp({ logger, readiness }: Deps) {
  return createServiceApp({ service: 'admin', logger, readiness });
}
