import {
  candidatesTopic,
  employersTopic,
  systemSettingsTopic,
  usersTopic,
  ZSystemSettingsEvent,
} from '@meritmatch/contracts';
import { runPlatformService } from '@meritmatch/service-kit';
import { createApp } from './app';
import { createEmployerProfileData } from './data/employer-profiles';
import { createJobSeekerProfileData } from './data/job-seeker-profiles';
import { createEmployers } from './domain/employers';
import { createJobSeekers } from './domain/job-seekers';
import { SystemSettingsView } from './domain/system-settings';
import { loadEnv } from './env';
import { startUserStatusConsumer } from './messaging/user-status-consumer';

await runPlatformService('profile', {
  loadEnv,
  topics: [
    { name: usersTopic, compacted: true },
    { name: candidatesTopic, compacted: true },
    { name: employersTopic, compacted: true },
    { name: systemSettingsTopic, compacted: true },
  ],
  async start({ logger, platform, authenticate }) {
    const profiles = createJobSeekerProfileData(platform, candidatesTopic);
    const employerProfiles = createEmployerProfileData(platform, employersTopic);
    // the admin's default for "Ask me before sharing my details", kept from its topic
    const settings = new SystemSettingsView();
    await platform.snapshot({
      name: 'system-settings',
      topic: systemSettingsTopic,
      schema: ZSystemSettingsEvent,
      apply: (event) => settings.apply(event.data),
    });
    const jobSeekers = createJobSeekers({
      store: profiles.store,
      profileDefaults: () => settings.profileDefaults(),
    });
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
