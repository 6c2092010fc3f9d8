import {
  accountNoticesTopic,
  candidatesTopic,
  defaultInactiveAccountMonths,
  employersTopic,
  erasuresTopic,
  matchRequestsTopic,
  searchDigestsTopic,
  systemSettingsTopic,
  usersTopic,
} from '@meritmatch/contracts';
import {
  createServiceToken,
  runPlatformService,
  startErasurePart,
  systemClock,
} from '@meritmatch/service-kit';
import { createApp } from './app';
import { createOwners } from './clients/owners';
import { createCompanyData } from './data/companies';
import { createDeliveryData } from './data/deliveries';
import { createPreferenceData } from './data/preferences';
import { createSettingsData } from './data/settings';
import { createTemplateData } from './data/templates';
import { loadEnv } from './env';
import { createSmtpMailer } from './mail/smtp';
import {
  startAccountNoticeConsumer,
  startCandidateConsumer,
  startCompanyConsumer,
  startMatchRequestConsumer,
  startSearchDigestConsumer,
  startUserConsumer,
} from './messaging/consumers';
import { createNotificationErasure } from './messaging/erasure';
import { systemSettingsChanged } from './messaging/settings-events';
import { deliveryOutcomes, parkedDeliveries, pendingDeliveries } from './metrics';
import { createIntake } from './use-cases/intake';
import { createPreferenceSettings } from './use-cases/preference-settings';
import { createSender } from './use-cases/sender';
import { createSettings } from './use-cases/settings';
import { createTemplates } from './use-cases/templates';

await runPlatformService('notifications', {
  loadEnv,
  topics: [
    { name: usersTopic, compacted: true },
    { name: employersTopic, compacted: true },
    { name: matchRequestsTopic },
    { name: systemSettingsTopic, compacted: true },
    { name: accountNoticesTopic },
    { name: candidatesTopic, compacted: true },
    { name: erasuresTopic },
    { name: searchDigestsTopic },
  ],
  async start({ env, logger, platform, authenticate }) {
    const clock = systemClock;
    const settings = createSettings({
      store: createSettingsData(platform),
      defaults: {
        askBeforeSharingByDefault: false,
        senderName: env.DEFAULT_SENDER_NAME,
        senderAddress: env.DEFAULT_SENDER_ADDRESS,
        confirmedAddressesOnly: false,
        inactiveAccountMonths: defaultInactiveAccountMonths,
      },
      changed: (stored) => systemSettingsChanged(stored, clock),
      clock,
    });
    const templateData = createTemplateData(platform);
    const templates = createTemplates({ store: templateData.store, all: templateData.all, clock });
    const preferenceStore = createPreferenceData(platform);
    const deliveries = createDeliveryData(platform);
    const mailer = createSmtpMailer(env.SMTP_URL);
    platform.onClose(async () => mailer.close());
    const owners = createOwners({
      urls: { auth: env.AUTH_URL, profile: env.PROFILE_URL, matching: env.MATCHING_URL },
      serviceToken: createServiceToken({
        authUrl: env.AUTH_URL,
        account: env.SERVICE_ACCOUNT_NAME,
        secret: env.SERVICE_ACCOUNT_SECRET,
      }),
    });
    const sender = createSender({
      appUrl: env.APP_URL,
      deliveries,
      preferences: preferenceStore,
      templates,
      settings,
      owners,
      mailer,
      policy: {
        maxAttempts: env.MAIL_MAX_ATTEMPTS,
        baseDelayMs: env.MAIL_RETRY_BASE_MS,
        maxDelayMs: env.MAIL_RETRY_MAX_MS,
      },
      logger,
      pollMs: env.MAIL_POLL_MS,
      leaseMs: env.MAIL_SEND_LEASE_MS,
      sweepMs: env.MAIL_SWEEP_MS,
      outcome: (kind, outcome) => deliveryOutcomes.inc({ kind, outcome }),
      counts: (parked, pending) => {
        parkedDeliveries.set(parked);
        pendingDeliveries.set(pending);
      },
      clock,
    });
    await settings.ensure();
    await templates.ensure();
    const intake = createIntake({ deliveries, wake: sender.wake, clock });
    const companies = createCompanyData(platform.connection, platform.guard);
    const erasure = createNotificationErasure({ deliveries, preferences: preferenceStore, companies });
    await startCompanyConsumer({ platform, companies, intake, erasure });
    await startCandidateConsumer({ platform, erasure });
    await startErasurePart({ platform, part: 'notifications', erase: erasure.account });
    await startMatchRequestConsumer({ platform, intake });
    await startUserConsumer({ platform, intake });
    await startAccountNoticeConsumer({ platform, intake });
    await startSearchDigestConsumer({ platform, intake });
    sender.start();
    platform.onClose(() => sender.stop());
    return createApp({
      logger,
      readiness: platform.readiness,
      verifyToken: await authenticate(),
      preferences: createPreferenceSettings({ store: preferenceStore, clock }),
      templates,
      settings,
      deliveries,
      owners,
    });
  },
});
