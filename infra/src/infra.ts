import { installFerretDB, startFerretDB, stopFerretDB } from './ferretdb';
import { installKafka, startKafka, stopKafka } from './kafka';
import type { InfraProfile } from './profiles';

export type InfraEndpoints = { mongoUrl: string; kafkaBrokers: string; startedHere: boolean };

/** Installs what is missing, then starts FerretDB and Kafka for the profile (or reuses running ones). */
export async function ensureInfra(profile: InfraProfile, log: (line: string) => void = () => undefined) {
  await Promise.all([installFerretDB(log), installKafka(log)]);
  const [mongo, kafka] = await Promise.all([startFerretDB(profile), startKafka(profile)]);
  return { mongoUrl: mongo.url, kafkaBrokers: kafka.brokers, startedHere: mongo.started || kafka.started };
}

export async function stopInfra(profile: InfraProfile) {
  await Promise.all([stopKafka(profile), stopFerretDB(profile)]);
}
