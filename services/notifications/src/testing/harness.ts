import type { AccountType, UserRecord } from '@meritmatch/contracts';
import { createLogger } from '@meritmatch/service-kit';
import { type CallInit, callApp } from '@meritmatch/service-kit/testing/in-process';
import { testTokenSigner } from '@meritmatch/service-kit/testing/token-signer';
import { createApp } from '../app';
import { ZEnv } from '../env';
import type { Mailer, OutgoingMail } from '../mail/smtp';
import { messageIdOf } from '../mail/smtp';
import { systemSettingsChanged } from '../messaging/settings-events';
import { createIntake } from '../use-cases/intake';
import { createPreferenceSettings } from '../use-cases/preference-settings';
import { createSender } from '../use-cases/sender';
import { createSettings } from '../use-cases/settings';
import { createTemplates } from '../use-cases/templates';
import { fakeOwners } from './fake-owners';
import { memoryDeliveries, memoryPreferences, memorySettings, memoryTemplates } from './memory-data';

/** Someone a test calls as: their user id, e-mail and a token the app accepts. */
export type Account = { id: string; email: string; token: string };

/**
 * A mail server that takes every message and keeps it, or refuses it with the error a test sets
 * (`refuse`), as nodemailer would throw it. A case that checks what would be sent reads `sent`.
 */
export function fakeMailer() {
  const sent: OutgoingMail[] = [];
  let refusal: unknown;
  const mailer: Mailer = {
    async send(mail) {
      if (refusal) throw refusal;
      sent.push(mail);
      return { messageId: messageIdOf(mail.deliveryId) };
    },
    close: () => undefined,
  };
  return {
    mailer,
    sent,
    /** Every send fails with `error` from now on (undefined: the server takes them again). */
    refuse(error: unknown) {
      refusal = error;
    },
  };
}

/** A clock the test moves: the sender's back-off and leases are read from it. */
function testClock(start = new Date('2026-06-01T09:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
  });
}

/** The defaults the service starts with when its environment names no sender. */
const senderDefaults = {
  senderName: ZEnv.shape.DEFAULT_SENDER_NAME.parse(undefined),
  senderAddress: ZEnv.shape.DEFAULT_SENDER_ADDRESS.parse(undefined),
};

/**
 * The notifications service in process: `createApp` over in-memory stores, tokens signed here,
 * fake owners holding the accounts, profiles and companies the test sets up, and the sender over
 * a fake mail server on a clock the test moves (`sendDue` runs it once). No process, port,
 * database or mail server.
 */
export async function notificationsHarness() {
  const clock = testClock();
  const tokens = await testTokenSigner();
  const fakes = fakeOwners();
  const mail = fakeMailer();
  const settingsStore = memorySettings();
  const settings = createSettings({
    store: settingsStore,
    defaults: {
      askBeforeSharingByDefault: false,
      ...senderDefaults,
      confirmedAddressesOnly: false,
      inactiveAccountMonths: 12,
    },
    changed: (stored) => systemSettingsChanged(stored, clock),
    clock,
  });
  const templateData = memoryTemplates();
  const templates = createTemplates({ store: templateData.store, all: templateData.all, clock });
  const preferences = memoryPreferences();
  const deliveries = memoryDeliveries();
  await settings.ensure();
  await templates.ensure();
  const policy = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 8000 };
  const leaseMs = 60000;
  const outcomes: string[] = [];
  const sender = createSender({
    appUrl: 'https://meritmatch.test',
    deliveries,
    preferences,
    templates,
    settings,
    owners: fakes.owners,
    mailer: mail.mailer,
    policy,
    logger: createLogger('notifications-test', 'silent'),
    pollMs: 60000,
    leaseMs,
    outcome: (kind, outcome) => outcomes.push(`${kind} ${outcome}`),
    counts: () => undefined,
    clock,
  });
  const intake = createIntake({ deliveries, wake: () => undefined, clock });
  const app = createApp({
    logger: createLogger('notifications-test', 'silent'),
    readiness: [],
    verifyToken: tokens.verifyToken,
    preferences: createPreferenceSettings({ store: preferences, clock }),
    templates,
    settings,
    deliveries,
    owners: fakes.owners,
  });

  let people = 0;
  /** An account at auth (active, its address confirmed), with a token. */
  const account = async (role: AccountType): Promise<Account> => {
    const { userId, token } = await tokens.token(role);
    people += 1;
    const email = `${role.replace('_', '-')}-${people}@example.test`;
    if (role !== 'service') {
      const user: UserRecord = {
        id: userId,
        email,
        user_type: role,
        status: 'active',
        created_at: clock().toISOString(),
        email_confirmed: true,
      };
      fakes.addUser(user);
    }
    return { id: userId, email, token };
  };

  return {
    app,
    /** Answers like testkit's `call`, with the service's paths (`/api/admin/email-templates`). */
    call: (path: string, init: CallInit = {}) => callApp(app, path, init),
    /** Calls as `account`, on paths under `prefix`. */
    as:
      (account: { token: string }, prefix = '/api') =>
      (path: string, init: CallInit = {}) =>
        callApp(app, `${prefix}${path}`, { ...init, token: account.token }),
    jobSeeker: () => account('job_seeker'),
    employer: () => account('employer'),
    admin: () => account('admin'),
    /** What the owners hold and answer (accounts, profiles, companies, links, texts). */
    owners: fakes,
    /** Records the deliveries an event asks for, as the consumers do. */
    intake,
    /** Runs the sender's loop once over what is due now, and waits for it. */
    async sendDue() {
      sender.wake();
      await sender.idle();
    },
    /** Parks what a sender left `sending` longer than the lease, as its sweep does. */
    sweep: () => sender.sweep(),
    sender,
    policy,
    leaseMs,
    /** The e-mails the fake server took, and its refusals. */
    mail,
    /** Every outcome counted (`<kind> <outcome>`), as the metrics count them. */
    outcomes,
    clock,
    /** The stores: the settings' `published()` holds the events the service would have sent. */
    settingsStore,
    preferences,
    deliveries,
  };
}

export type NotificationsHarness = Awaited<ReturnType<typeof notificationsHarness>>;
