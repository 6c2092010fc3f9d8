import { candidatesTopic, employersTopic, usersTopic } from '@meritmatch/contracts';
import { runPlatformService } from '@meritmatch/service-kit';
import { createApp } from './app';
import { createEmployerProfileData } from './data/employer-profiles';
import { createJobSeekerProfileData } from './data/job-seeker-profiles';
import { createEmployers } from './domain/employers';
import { createJobSeekers } from './domain/job-seekers';
import { loadEnv } from './env';
import { startUserStatusConsumer } from './messaging/user-status-consumer';

await runPlatformService('profile', {
  loadEnv,
  topics: [
    { name: usersTopic, compacted: true },
    { name: candidatesTopic, compacted: true },
    { name: employersTopic, compacted: true },
  ],
  async start({ logger, platform, authenticate }) {
    const profiles = createJobSeekerProfileData(platform, candidatesTopic);
    const employerProfiles = createEmployerProfileData(platform, employersTopic);
    const jobSeekers = createJobSeekers({ store: profiles.store });
    await startUserStatusConsumer({ platform, jobSeekers });
    return createApp({
      logger,
      readiness: platform.readiness,
      verifyToken: await authenticate(),
      jobSeekers,
      profiles,
      employers: createEmployers({ store: employerProfiles.store }),
      employerProfiles,
    });
  },
});
