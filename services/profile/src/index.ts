import { candidatesTopic, employersTopic, usersTopic } from '@meritmatch/contracts';
import {
  connectPlatform,
  jwksUrlOf,
  runService,
  startAuthentication,
  syncIndexes,
} from '@meritmatch/service-kit';
import { createApp } from './app';
import { createEmployerProfileData } from './data/employer-profiles';
import { createJobSeekerProfileData } from './data/job-seeker-profiles';
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
  const profiles = createJobSeekerProfileData(platform, candidatesTopic);
  const employerProfiles = createEmployerProfileData(platform, employersTopic);
  await syncIndexes(platform.connection);
  const jobSeekers = createJobSeekers({ store: profiles.store });
  const employers = createEmployers({ store: employerProfiles.store });
  const authentication = await startAuthentication({
    platform,
    service: 'profile',
    logger,
    jwks: jwksUrlOf(env.AUTH_URL),
    usersTopic,
  });
  await startUserStatusConsumer({ platform, jobSeekers });

  const app = createApp({
    logger,
    readiness: platform.readiness,
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
    close: platform.close,
  };
});
