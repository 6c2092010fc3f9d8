/**
 * Rebuilds the `candidates` and `employers` topics from the profiles: every profile's
 * current projection goes through the outbox, published by the running profile service.
 * Usage: MONGO_URL=… [MONGO_DB=…] npm run republish-profiles -w @meritmatch/profile
 */
import { connectMongo, parseEnv, republishAll, ZDataEnv } from '@meritmatch/service-kit';
import { createEmployerProfileRepository } from '../data/employer-profiles';
import { createJobSeekerProfileRepository } from '../data/job-seeker-profiles';
import { candidateProfileChanged } from '../messaging/candidate-events';
import { employerProfileChanged } from '../messaging/employer-events';

const env = parseEnv(ZDataEnv.pick({ MONGO_URL: true, MONGO_DB: true }));
const connection = await connectMongo({ url: env.MONGO_URL, dbName: env.MONGO_DB ?? 'meritmatch_profile' });
const seekers = createJobSeekerProfileRepository(connection);
const employers = createEmployerProfileRepository(connection);
const candidates = await republishAll<{ _id: string }>(seekers.model, async ({ _id }) => {
  const profile = await seekers.find(_id);
  return profile ? [candidateProfileChanged(profile)] : [];
});
const companies = await republishAll<{ _id: string }>(employers.model, async ({ _id }) => {
  const profile = await employers.find(_id);
  return profile ? [employerProfileChanged(profile)] : [];
});
process.stdout.write(
  `queued ${candidates} candidate and ${companies} employer projections; the profile service publishes them\n`,
);
await connection.close();
