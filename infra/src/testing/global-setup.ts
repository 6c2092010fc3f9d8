import type { TestProject } from 'vitest/node';
import { ensureInfra, stopInfra } from '../infra';
import { infraProfile } from '../profiles';

import './context';

/**
 * Integration tests run against the real FerretDB and Kafka. The test command starts them
 * once and passes MONGO_URL and KAFKA_BROKERS; a package tested on its own starts the
 * `test` profile here and stops it afterwards. With MM_TEST_INFRA=containers, MongoDB and
 * Kafka run as containers through testcontainers instead (the same tests, either way).
 */
export default async function setup(project: TestProject) {
  // unit tests only (npm run test:unit): no infrastructure; a test that reaches for it fails at once
  if (process.env.MM_TEST_INFRA === 'none') {
    project.provide('infra', {
      mongoUrl: 'mongodb://no-infrastructure.invalid:1',
      kafkaBrokers: 'no-infrastructure.invalid:1',
    });
    return;
  }
  const given = process.env.MONGO_URL && process.env.KAFKA_BROKERS;
  if (given) {
    project.provide('infra', { mongoUrl: process.env.MONGO_URL!, kafkaBrokers: process.env.KAFKA_BROKERS! });
    return;
  }
  const profile = infraProfile('test');
  if (process.env.MM_TEST_INFRA === 'containers') {
    const { startContainerInfra } = await import('./containers');
    const containers = await startContainerInfra(profile, (line) =>
      process.stdout.write(`[infra] ${line}\n`),
    );
    project.provide('infra', { mongoUrl: containers.mongoUrl, kafkaBrokers: containers.kafkaBrokers });
    return containers.stop;
  }
  const endpoints = await ensureInfra(profile, (line) => process.stdout.write(`[infra] ${line}\n`));
  project.provide('infra', { mongoUrl: endpoints.mongoUrl, kafkaBrokers: endpoints.kafkaBrokers });
  return async () => {
    if (endpoints.startedHere && !process.env.MM_KEEP_INFRA) await stopInfra(profile);
  };
}
