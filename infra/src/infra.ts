import { installFerretDB, startFerretDB, stopFerretDB } from './ferretdb';
import { installKafka, startKafka, stopKafka } from './kafka';
import { installMailpit, startMailpit, stopMailpit } from './mailpit';
import type { InfraProfile } from './profiles';

export type InfraEndpoints = {
  mongoUrl: string;
  kafkaBrokers: string;
  /** Mailpit's SMTP server (`smtp://host:port`) and its inbox (web and API). */
  smtpUrl: string;
  mailpitUrl: string;
  startedHere: boolean;
};

/** Installs what is missing, then starts FerretDB, Kafka and Mailpit for the profile (or reuses running ones). */
export async function ensureInfra(
  profile: InfraProfile,
  log: (line: string) => void = () => undefined,
): Promise<InfraEndpoints> {
  await Promise.all([installFerretDB(log), installKafka(log), installMailpit(log)]);
  const [mongo, kafka, mail] = await Promise.all([
    startFerretDB(profile),
    startKafka(profile),
    startMailpit(profile),
  ]);
  return {
    mongoUrl: mongo.url,
    kafkaBrokers: kafka.brokers,
    smtpUrl: mail.smtpUrl,
    mailpitUrl: mail.mailpitUrl,
    startedHere: mongo.started || kafka.started || mail.started,
  };
}

export async function stopInfra(profile: InfraProfile) {
  await Promise.all([stopKafka(profile), stopFerretDB(profile), stopMailpit(profile)]);
}
