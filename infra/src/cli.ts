#!/usr/bin/env -S npx tsx
import { parseArgs } from 'node:util';
import { ferretRunning, installFerretDB } from './ferretdb';
import { ensureInfra, stopInfra } from './infra';
import { installKafka, kafkaRunning } from './kafka';
import { installMailpit, mailpitRunning, startMailpit, stopMailpit } from './mailpit';
import { InfraError } from './preflight';
import { infraProfile } from './profiles';

const usage = `usage: npm run stack -- <command> [--profile dev|test]
  install      build FerretDB and Mailpit and fetch Kafka into .cache (once)
  infra up     start FerretDB, Kafka and Mailpit for the profile (reuses running ones)
               --containers: MongoDB and Kafka as containers through testcontainers instead
               (DOCKER_HOST; images MM_MONGO_IMAGE, MM_KAFKA_IMAGE); Mailpit runs embedded
  infra down   stop them (--containers: remove those containers)
  infra status show whether they run
  start [--demo] [--watch]  run the whole product on the embedded default (foreground): the
               production builds, or with --watch the TypeScript sources restarted on change
  demo         fill the running product (npm start) with demo data
  admin-code   the current second-factor code of the embedded default's admin (npm run admin-code)`;

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      profile: { type: 'string', default: 'dev' },
      demo: { type: 'boolean', default: false },
      watch: { type: 'boolean', default: false },
      containers: { type: 'boolean', default: false },
    },
  });
  const profile = infraProfile(values.profile ?? 'dev');
  const command = positionals.join(' ');
  switch (command) {
    case 'install':
      await Promise.all([installFerretDB(say), installKafka(say), installMailpit(say)]);
      say('FerretDB, Kafka and Mailpit are installed');
      return;
    case 'infra up': {
      const endpoints = values.containers
        ? {
            ...(await (await import('./testing/containers')).startContainerInfra(profile, say)),
            ...(await startMailpit(profile)),
          }
        : await ensureInfra(profile, say);
      say(`MONGO_URL=${endpoints.mongoUrl}`);
      say(`KAFKA_BROKERS=${endpoints.kafkaBrokers}`);
      say(`SMTP_URL=${endpoints.smtpUrl}`);
      say(`MAILPIT_URL=${endpoints.mailpitUrl}`);
      return;
    }
    case 'infra down':
      if (values.containers) {
        await (await import('./testing/containers')).stopContainerInfra(profile);
        await stopMailpit(profile);
      } else await stopInfra(profile);
      say(`stopped the ${profile.name} infrastructure`);
      return;
    case 'infra status':
      say(`FerretDB (${profile.mongoPort}): ${ferretRunning(profile) ? 'running' : 'stopped'}`);
      say(`Kafka (${profile.kafkaPort}): ${kafkaRunning(profile) ? 'running' : 'stopped'}`);
      say(
        `Mailpit (SMTP ${profile.mailSmtpPort}, inbox ${profile.mailHttpPort}): ${mailpitRunning(profile) ? 'running' : 'stopped'}`,
      );
      return;
    case 'start': {
      const { runProduct } = await import('./run-product');
      await runProduct(profile, { demo: values.demo ?? false, watch: values.watch ?? false });
      return;
    }
    case 'demo': {
      const { seedDemo, demoAccounts } = await import('./demo/index');
      const { localAdmin } = await import('./run-product');
      const { localSecondFactorSecret } = await import('./admin-second-factor');
      const { password } = await seedDemo({
        api: process.env.API_URL ?? 'http://127.0.0.1:4100/api',
        admin: { ...localAdmin(profile), secondFactorSecret: localSecondFactorSecret(profile) },
        dataDir: profile.dir,
        log: say,
      });
      for (const line of demoAccounts(password)) say(line);
      return;
    }
    case 'admin-code': {
      const { adminCode, codeSecondsLeft, localSecondFactorSecret } = await import('./admin-second-factor');
      say(`${adminCode(localSecondFactorSecret(profile))} (works for ${codeSecondsLeft()} more seconds)`);
      return;
    }
    default:
      say(usage);
      process.exitCode = command ? 1 : 0;
  }
}

main().catch((error) => {
  const message =
    error instanceof InfraError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`stack: ${message}\n`);
  process.exit(1);
});
