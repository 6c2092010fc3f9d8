import type { TestProject } from 'vitest/node';
import { ensureInfra, stopInfra } from '../infra';
import { startMailpit, stopMailpit } from '../mailpit';
import { infraProfile } from '../profiles';

import './context';

/**
 * Integration tests run against the real FerretDB, Kafka and Mailpit. The test command starts
 * them once and passes MONGO_URL, KAFKA_BROKERS, SMTP_URL and MAILPIT_URL; a package tested on
 * its own starts the `test` profile here and stops it afterwards. With MM_TEST_INFRA=containers,
 * MongoDB and Kafka run as containers through testcontainers instead, on the `containers`
 * profile's ports (the same tests, either way), and Mailpit as the embedded process.
 */
export default async function setup(project: TestProject) {
  // unit tests only (npm run test:unit): no infrastructure; a test that reaches for it fails at once
  if (process.env.MM_TEST_INFRA === 'none') {
    project.provide('infra', {
      mongoUrl: 'mongodb://no-infrastructure.invalid:1',
      kafkaBrokers: 'no-infrastructure.invalid:1',
      smtpUrl: 'smtp://no-infrastructure.invalid:1',
      mailpitUrl: 'http://no-infrastructure.invalid:1',
    });
    return;
  }
  const profile = infraProfile('test');
  const given = process.env.MONGO_URL && process.env.KAFKA_BROKERS;
  if (given) {
    const mail =
      process.env.SMTP_URL && process.env.MAILPIT_URL
        ? { smtpUrl: process.env.SMTP_URL, mailpitUrl: process.env.MAILPIT_URL, started: false }
        : await startMailpit(profile);
    project.provide('infra', {
      mongoUrl: process.env.MONGO_URL!,
      kafkaBrokers: process.env.KAFKA_BROKERS!,
      smtpUrl: mail.smtpUrl,
      mailpitUrl: mail.mailpitUrl,
    });
    return async () => {
      if (mail.started && !process.env.MM_KEEP_INFRA) await stopMailpit(profile);
    };
  }
  if (process.env.MM_TEST_INFRA === 'containers') {
    const { startContainerInfra } = await import('./containers');
    const containerProfile = infraProfile('containers');
    const containers = await startContainerInfra(containerProfile, (line) =>
      process.stdout.write(`[infra] ${line}\n`),
    );
    const mail = await startMailpit(containerProfile);
    project.provide('infra', {
      mongoUrl: containers.mongoUrl,
      kafkaBrokers: containers.kafkaBrokers,
      smtpUrl: mail.smtpUrl,
      mailpitUrl: mail.mailpitUrl,
    });
    return async () => {
      await containers.stop();
      if (mail.started) await stopMailpit(containerProfile);
    };
  }
  const endpoints = await ensureInfra(profile, (line) => process.stdout.write(`[infra] ${line}\n`));
  project.provide('infra', {
    mongoUrl: endpoints.mongoUrl,
    kafkaBrokers: endpoints.kafkaBrokers,
    smtpUrl: endpoints.smtpUrl,
    mailpitUrl: endpoints.mailpitUrl,
  });
  return async () => {
    if (endpoints.startedHere && !process.env.MM_KEEP_INFRA) await stopInfra(profile);
  };
}
