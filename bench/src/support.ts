import { spawnSync } from 'node:child_process';
import { ensureInfra, infraProfile, isAlive, kafkaPid, repoRoot } from '@meritmatch/infra';
import { createKafka, createLogger, createProducer } from '@meritmatch/service-kit';
import type { InfraContext } from '@meritmatch/testkit';
import { ferretDbPid } from './process-stats';
import { percentile } from './report';

/** The test FerretDB, Kafka and Mailpit (started if needed), or the ones MONGO_URL, KAFKA_BROKERS, SMTP_URL and MAILPIT_URL name. */
export async function benchInfra(): Promise<InfraContext> {
  const { MONGO_URL, KAFKA_BROKERS, SMTP_URL, MAILPIT_URL } = process.env;
  if (MONGO_URL && KAFKA_BROKERS && SMTP_URL && MAILPIT_URL) {
    return { mongoUrl: MONGO_URL, kafkaBrokers: KAFKA_BROKERS, smtpUrl: SMTP_URL, mailpitUrl: MAILPIT_URL };
  }
  const { startedHere: _, ...endpoints } = await ensureInfra(infraProfile('test'), (line) =>
    process.stdout.write(`${line}\n`),
  );
  return endpoints;
}

/**
 * The processes beside the product that share the machine's cores with it: FerretDB (found by
 * the port of `infra`'s URL), the test profile's Kafka broker when `benchInfra` started it, and
 * this process, which generates the load.
 */
export function infraAndLoadPids(infra: InfraContext): Record<string, number> {
  const test = infraProfile('test');
  const broker = infra.kafkaBrokers.endsWith(`:${test.kafkaPort}`) ? kafkaPid(test) : undefined;
  const found = {
    ferretdb: ferretDbPid(infra.mongoUrl),
    kafka: isAlive(broker) ? broker : undefined,
    load: process.pid,
  };
  return Object.fromEntries(
    Object.entries(found).filter((entry): entry is [string, number] => entry[1] !== undefined),
  );
}

export async function timeIt<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export const summary = (samples: number[]) => ({
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
});

export const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : value < 10 ? 2 : 1)} ms`;

/** The demo's seeded generator (mulberry32): the same data every run. */
export { type Random, seededRandom } from '@meritmatch/infra/demo';

/**
 * The production build of every package, made before a case that runs it (turbo's cache makes
 * this a moment when nothing changed), outside the measured time.
 */
export function productionBuild() {
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the production build failed: ${build.stdout}${build.stderr}`);
}

/** A connected kafkajs producer on the bench's broker, logging nothing: for putting events on a stack's topics. */
export async function benchProducer(infra: InfraContext, clientId: string) {
  const kafka = createKafka({
    clientId,
    brokers: infra.kafkaBrokers.split(','),
    logger: createLogger('bench', 'silent'),
  });
  const producer = createProducer(kafka);
  await producer.connect();
  return producer;
}
