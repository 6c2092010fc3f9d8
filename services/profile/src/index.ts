import { randomUUID } from 'node:crypto';
import { candidatesTopic, employersTopic, personalDataReadsTopic, usersTopic } from '@meritmatch/contracts';
import {
  connectPlatform,
  jwksUrlOf,
  runService,
  startAuthentication,
  syncIndexes,
} from '@meritmatch/service-kit';
import { createApp } from './app';
import { createAccessViews } from './data/access-views';
import { createEmployerProfileData } from './data/employer-profiles';
import { createJobSeekerProfileData } from './data/job-seeker-profiles';
import { createReadRecords } from './data/personal-data-reads';
import { createAccessLog } from './domain/access-log';
import { createEmployers } from './domain/employers';
import { createJobSeekers } from './domain/job-seekers';
import { loadEnv } from './env';
import { startPersonalDataReadsConsumer } from './messaging/personal-data-reads-consumer';
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
      { name: personalDataReadsTopic },
    ],
  });
  const profiles = createJobSeekerProfileData(platform, candidatesTopic);
  const employerProfiles = createEmployerProfileData(platform, employersTopic);
  const accessLog = createAccessLog({
    records: createReadRecords(platform),
    views: createAccessViews(platform.connection),
    newId: randomUUID,
    companyNames: async (ids) =>
      new Map((await employerProfiles.findMany(ids)).map((e) => [e.userId, e.companyName])),
    candidatesOf: async (ids) =>
      new Map(
        (await profiles.findManyByUserIds(ids)).map((p) => [
          p.userId,
          { candidateId: p.candidateId, uniqueCode: p.uniqueCode },
        ]),
      ),
  });
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
  await startPersonalDataReadsConsumer({ platform, accessLog });

  const app = createApp({
    logger,
    readiness: platform.readiness,
    verifyToken: authentication.verifyToken,
    jobSeekers,
    profiles,
    employers,
    employerProfiles,
    accessLog,
  });

  return {
    app,
    host: env.HOST,
    port: env.PORT,
    close: platform.close,
  };
});
