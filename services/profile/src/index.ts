import { randomUUID } from 'node:crypto';
import {
  candidatesTopic,
  employersTopic,
  personalDataReadsTopic,
  systemSettingsTopic,
  usersTopic,
  ZSystemSettingsEvent,
} from '@meritmatch/contracts';
import { DomainError, runPlatformService } from '@meritmatch/service-kit';
import { createApp } from './app';
import { createAccessViews } from './data/access-views';
import { createEmployerProfileData } from './data/employer-profiles';
import { createJobSeekerProfileData } from './data/job-seeker-profiles';
import { createReadRecords } from './data/personal-data-reads';
import { createAccessLog } from './domain/access-log';
import { createEmployers } from './domain/employers';
import { createJobSeekers } from './domain/job-seekers';
import { SystemSettingsView } from './domain/system-settings';
import { loadEnv } from './env';
import { startPersonalDataReadsConsumer } from './messaging/personal-data-reads-consumer';
import { startUserStatusConsumer } from './messaging/user-status-consumer';

await runPlatformService('profile', {
  loadEnv,
  topics: [
    { name: usersTopic, compacted: true },
    { name: candidatesTopic, compacted: true },
    { name: employersTopic, compacted: true },
    { name: personalDataReadsTopic },
    { name: systemSettingsTopic, compacted: true },
  ],
  async start({ logger, platform, authenticate }) {
    const profiles = createJobSeekerProfileData(platform, candidatesTopic);
    const employerProfiles = createEmployerProfileData(platform, employersTopic);
    // the admin's default for "Ask me before sharing my details", kept from its topic
    const settings = new SystemSettingsView();
    const settingsTopic = await platform.snapshot({
      name: 'system-settings',
      topic: systemSettingsTopic,
      schema: ZSystemSettingsEvent,
      apply: (event) => settings.apply(event.data),
      // only a new profile needs them: the rest of the service works while Kafka is down
      impact: 'degraded',
    });
    const jobSeekers = createJobSeekers({
      store: profiles.store,
      // the admin's default decides whether a new profile shares its details: never guessed (a
      // start reads it within a second or two; a start while Kafka is down, once it is back)
      profileDefaults: async () => {
        if (!(await settingsTopic.whenReady(2000))) throw new DomainError('settings.not-ready');
        return settings.profileDefaults();
      },
    });
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
    await startUserStatusConsumer({ platform, jobSeekers });
    await startPersonalDataReadsConsumer({ platform, accessLog });
    return createApp({
      logger,
      readiness: platform.readiness,
      verifyToken: await authenticate(),
      jobSeekers,
      profiles,
      employers: createEmployers({ store: employerProfiles.store }),
      employerProfiles,
      accessLog,
    });
  },
});
