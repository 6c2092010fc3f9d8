import { randomUUID } from 'node:crypto';
import {
  candidatesTopic,
  employersTopic,
  erasuresTopic,
  personalDataReadsTopic,
  systemSettingsTopic,
  usersTopic,
  ZSystemSettingsEvent,
} from '@meritmatch/contracts';
import { DomainError, runPlatformService } from '@meritmatch/service-kit';
import { createApp } from './app';
import { createAccessErasure } from './data/access-erasure';
import { createAccessViews } from './data/access-views';
import { createEmailConfirmations } from './data/email-confirmations';
import { createEmployerProfileData } from './data/employer-profiles';
import { createErasureReceipts } from './data/erasure-receipts';
import { createJobSeekerProfileData } from './data/job-seeker-profiles';
import { createReadRecords } from './data/personal-data-reads';
import { SystemSettingsView } from './domain/system-settings';
import { loadEnv } from './env';
import { createAddressRuleSweeps } from './messaging/address-rule-sweeps';
import { startEmailConfirmationConsumer } from './messaging/email-confirmation-consumer';
import { createProfileErasure, startProfileErasurePart } from './messaging/erasure-part';
import { startPersonalDataReadsConsumer } from './messaging/personal-data-reads-consumer';
import { startUserStatusConsumer } from './messaging/user-status-consumer';
import { accessLogLookups, createAccessLog } from './use-cases/access-log';
import { createEmployers } from './use-cases/employers';
import { createJobSeekers } from './use-cases/job-seekers';

await runPlatformService('profile', {
  loadEnv,
  topics: [
    { name: usersTopic, compacted: true },
    { name: candidatesTopic, compacted: true },
    { name: employersTopic, compacted: true },
    { name: personalDataReadsTopic },
    { name: systemSettingsTopic, compacted: true },
    { name: erasuresTopic },
  ],
  async start({ logger, platform, authenticate }) {
    const profiles = createJobSeekerProfileData(platform, candidatesTopic);
    const employerProfiles = createEmployerProfileData(platform, employersTopic);
    const confirmations = createEmailConfirmations(platform);
    // erased people: their late events recreate nothing
    const receipts = createErasureReceipts(platform.connection);
    // the admin's default for "Ask me before sharing my details" and the rule on unconfirmed
    // addresses, kept from their topic
    const settings = new SystemSettingsView();
    // unconfirmed job seekers follow a change of the rule, in the background (never before the
    // topic is read: until then the rule is not known)
    const sweeps = createAddressRuleSweeps({
      rule: () => settings.confirmedAddressesOnly(),
      unconfirmedOffRule: (rule) => profiles.unconfirmedOffRule(rule),
      applyRule: (userId, rule) => jobSeekers.applyAddressRule(userId, rule),
      logger,
    });
    platform.onClose(async () => sweeps.stop());
    const settingsTopic = await platform.snapshot({
      name: 'system-settings',
      topic: systemSettingsTopic,
      schema: ZSystemSettingsEvent,
      apply: (event) => {
        settings.apply(event.data);
        sweeps.settingsApplied();
      },
      // only a new profile and a verification need them: the rest works while Kafka is down
      impact: 'degraded',
    });
    const settingsKnown = () => settingsTopic.whenReady(2000);
    const jobSeekers = createJobSeekers({
      store: profiles.store,
      // the admin's default decides whether a new profile shares its details: never guessed (a
      // start reads it within a second or two; a start while Kafka is down, once it is back)
      profileDefaults: async () => {
        if (!(await settingsKnown())) throw new DomainError('settings.not-ready');
        return settings.profileDefaults();
      },
      emailConfirmed: (userId) => confirmations.isConfirmed(userId),
      confirmedAddressesOnly: () => settings.confirmedAddressesOnly(),
    });
    const employers = createEmployers({
      store: employerProfiles.store,
      // nor is the rule guessed for a verification
      addressOf: async (userId) => {
        if (!(await settingsKnown())) throw new DomainError('verification.not-ready');
        return {
          emailConfirmed: await confirmations.isConfirmed(userId),
          confirmedAddressesOnly: settings.confirmedAddressesOnly(),
        };
      },
    });
    void sweeps.startOnceRead(() => settingsTopic.whenReady(60_000));
    const accessLog = createAccessLog({
      records: createReadRecords(platform),
      views: createAccessViews(platform.connection),
      newId: randomUUID,
      ...accessLogLookups(profiles, employerProfiles),
    });
    await startUserStatusConsumer({ platform, jobSeekers });
    await startEmailConfirmationConsumer({ platform, confirmations, jobSeekers, erased: receipts.isErased });
    await startPersonalDataReadsConsumer({ platform, accessLog, erased: receipts.isErased });
    await startProfileErasurePart(
      platform,
      createProfileErasure({
        platform,
        profiles,
        employerProfiles,
        confirmations,
        access: createAccessErasure(platform.connection),
        receipts,
      }),
    );
    return createApp({
      logger,
      readiness: platform.readiness,
      verifyToken: await authenticate(),
      jobSeekers,
      profiles,
      employers,
      employerProfiles,
      accessLog,
    });
  },
});
