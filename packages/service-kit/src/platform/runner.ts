import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { EnvError } from '../core/env';
import { createLogger, type Logger } from '../core/logger';

export type RunningService = {
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its variables
  app: Hono<any>;
  host: string;
  port: number;
  /** Stops relays and consumers and closes connections, after the HTTP server stopped accepting. */
  close: () => Promise<void>;
};

/**
 * Starts a service: builds it, listens, and stops it cleanly on SIGTERM or SIGINT. If
 * start-up fails (bad environment, MongoDB or Kafka unreachable), prints one clear line
 * naming the cause and exits with status 1.
 */
export async function runService(name: string, start: (logger: Logger) => Promise<RunningService>) {
  const logger = createLogger(name, process.env.LOG_LEVEL ?? 'info');
  let service: RunningService;
  try {
    service = await start(logger);
  } catch (error) {
    const reason = error instanceof EnvError ? `invalid environment: ${error.message}` : describe(error);
    process.stderr.write(`${name}: cannot start: ${reason}\n`);
    process.exit(1);
  }

  const server = serve({ fetch: service.app.fetch, hostname: service.host, port: service.port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) => {
      process.stderr.write(
        `${name}: cannot start: ${service.host}:${service.port} ${error.code ?? error.message}\n`,
      );
      reject(error);
      process.exit(1);
    });
  });
  const address = server.address() as AddressInfo;
  logger.info({ host: address.address, port: address.port }, `${name} listening`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} stopping`);
    const force = setTimeout(() => process.exit(1), 10000).unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    await service.close().catch((error) => logger.error({ err: error }, 'error while closing'));
    clearTimeout(force);
    logger.info(`${name} stopped`);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return { server, logger, port: address.port };
}

function describe(error: unknown) {
  if (error instanceof Error) return error.message.split('\n')[0];
  return String(error);
}
