import { spawnSync } from 'node:child_process';
import { ensureInfra, ferretdbPid, infraProfile, kafkaPid, repoRoot } from '@meritmatch/infra';
import { createKafka, createLogger, createProducer } from '@meritmatch/service-kit';
import type { InfraContext } from '@meritmatch/testkit';
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
 * The processes of the infrastructure `benchInfra` started (none when it was given from outside),
 * and this process, which generates the load: they share the machine's cores with the product.
 */
export function infraAndLoadPids(): Record<string, number> {
  const profile = infraProfile('test');
  const external = Boolean(process.env.MONGO_URL && process.env.KAFKA_BROKERS);
  const found = external ? {} : { ferretdb: ferretdbPid(profile), kafka: kafkaPid(profile) };
  return Object.fromEntries(
    Object.entries({ ...found, load: process.pid }).filter(
      (entry): entry is [string, number] => entry[1] !== undefined,
    ),
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
export { seededRandom } from '@meritmatch/infra/demo';

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
