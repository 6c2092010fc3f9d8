import { candidatesTopic, employersTopic, usersTopic } from '@meritmatch/contracts';
import {
  connectPlatform,
  jwksUrlOf,
  OutboxRelay,
  runService,
  startAuthentication,
  syncIndexes,
} from '@meritmatch/service-kit';
import { createApp } from './app';
import { createEmployerProfileRepository } from './data/employer-profiles';
import { createJobSeekerProfileRepository } from './data/job-seeker-profiles';
import { createEmployers } from './domain/employers';
import { createJobSeekers } from './domain/job-seekers';
import { loadEnv } from './env';
import { startUserStatusConsumer } from './messaging/user-status-consumer';

await runService('profile', async (logger) => {
  const env = loadEnv();
  const platform = await connectPlatform({
    service: 'profile',
    env,
    logger,
    topics: [
      { name: usersTopic, compacted: true },
      { name: candidatesTopic, compacted: true },
      { name: employersTopic, compacted: true },
    ],
  });
  const profiles = createJobSeekerProfileRepository(platform.connection);
  const employerProfiles = createEmployerProfileRepository(platform.connection);
  await syncIndexes(platform.connection);

  const relay = new OutboxRelay({
    sources: [
      { model: profiles.model, topic: platform.topic(candidatesTopic) },
      { model: employerProfiles.model, topic: platform.topic(employersTopic) },
    ],
    producer: platform.producer,
    logger,
  });
  relay.start();
  const jobSeekers = createJobSeekers({
    profiles,
    published: (userId) => relay.notify(profiles.model, userId),
  });
  const employers = createEmployers({
    employers: employerProfiles,
    published: (userId) => relay.notify(employerProfiles.model, userId),
  });
  const authentication = await startAuthentication({
    platform,
    service: 'profile',
    logger,
    jwks: jwksUrlOf(env.AUTH_URL),
    usersTopic,
  });
  const userStatusConsumer = await startUserStatusConsumer({ platform, jobSeekers, logger });

  const app = createApp({
    logger,
    readiness: [...platform.readiness, authentication.readiness],
    verifyToken: authentication.verifyToken,
    jobSeekers,
    profiles,
    employers,
    employerProfiles,
  });

  return {
    app,
    host: env.HOST,
    port: env.PORT,
    close: async () => {
      await userStatusConsumer.disconnect();
      await relay.stop();
      await authentication.statuses.stop();
      await platform.close();
    },
  };
});
