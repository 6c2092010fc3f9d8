/**
 * Rebuilds the `candidates` and `employers` topics from the profiles: every profile's
 * current projection goes through the outbox, published by the running profile service.
 * Usage: MONGO_URL=… [MONGO_DB=…] npm run republish-profiles -w @meritmatch/profile
 */
import {
  connectMongo,
  offlineAggregateStores,
  type Platform,
  parseEnv,
  ZDataEnv,
} from '@meritmatch/service-kit';
import { createEmployerProfileData } from '../data/employer-profiles';
import { createJobSeekerProfileData } from '../data/job-seeker-profiles';
import { candidateProfileChanged } from '../messaging/candidate-events';
import { employerProfileChanged } from '../messaging/employer-events';

const env = parseEnv(ZDataEnv.pick({ MONGO_URL: true, MONGO_DB: true }));
const connection = await connectMongo({ url: env.MONGO_URL, dbName: env.MONGO_DB ?? 'meritmatch_profile' });
// the running profile service publishes what is queued in the outboxes
const offline = {
  connection,
  aggregateStore: await offlineAggregateStores(connection),
} as unknown as Platform;
const candidates = await createJobSeekerProfileData(offline, 'candidates').store.republishAll((profile) => [
  candidateProfileChanged(profile),
]);
const companies = await createEmployerProfileData(offline, 'employers').store.republishAll((profile) => [
  employerProfileChanged(profile),
]);
process.stdout.write(
  `queued ${candidates} candidate and ${companies} employer projections; the profile service publishes them\n`,
);
await connection.close();
