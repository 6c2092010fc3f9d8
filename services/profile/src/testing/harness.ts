import { randomUUID } from 'node:crypto';
import type { AccountType, SystemSettingsChanged, UserStatus } from '@meritmatch/contracts';
import { createLogger } from '@meritmatch/service-kit';
import { type CallInit, callApp } from '@meritmatch/service-kit/testing/in-process';
import { testTokenSigner } from '@meritmatch/service-kit/testing/token-signer';
import { createApp } from '../app';
import { SystemSettingsView } from '../domain/system-settings';
import { personalDetailsRead } from '../messaging/personal-data-read-events';
import { accessLogLookups, createAccessLog, type DetailsRead } from '../use-cases/access-log';
import { createEmployers } from '../use-cases/employers';
import { createJobSeekers } from '../use-cases/job-seekers';
import { memoryAccessViews, memoryEmployerProfiles, memoryJobSeekerProfiles } from './memory-data';

/** Someone a test calls as: their user id and a token the app accepts. */
export type Account = { id: string; token: string };

/**
 * The profile service in process, for route tests: `createApp` with its use cases over in-memory
 * stores, tokens signed here and checked by the kit's verifier, and in place of what the service
 * learns from other owners' topics (the admin's System Settings, confirmed addresses, account
 * statuses) what the test says. Every call is `app.request`: no process, port or database.
 */
export async function profileHarness() {
  const tokens = await testTokenSigner();
  const profiles = memoryJobSeekerProfiles();
  const employerProfiles = memoryEmployerProfiles();
  // the topics' news as the test gives it: settings known from the start, no address confirmed
  const settings = new SystemSettingsView();
  const confirmed = new Set<string>();
  const emailConfirmed = async (userId: string) => confirmed.has(userId);
  const jobSeekers = createJobSeekers({
    store: profiles.store,
    profileDefaults: () => settings.profileDefaults(),
    emailConfirmed,
    confirmedAddressesOnly: () => settings.confirmedAddressesOnly(),
  });
  const employers = createEmployers({
    store: employerProfiles.store,
    addressOf: async (userId) => ({
      emailConfirmed: await emailConfirmed(userId),
      confirmedAddressesOnly: settings.confirmedAddressesOnly(),
    }),
  });
  // every read recorded, and its events projected at once, as the reads consumer would
  const reads: DetailsRead[] = [];
  const accessLog = createAccessLog({
    records: {
      async record(read) {
        reads.push(read);
        for (const event of personalDetailsRead(read)) await accessLog.project(event);
      },
    },
    views: memoryAccessViews(),
    newId: randomUUID,
    ...accessLogLookups(profiles, employerProfiles),
  });
  const app = createApp({
    logger: createLogger('profile-test', 'silent'),
    readiness: [],
    verifyToken: tokens.verifyToken,
    jobSeekers,
    profiles,
    employers,
    employerProfiles,
    accessLog,
  });

  const account = async (role: AccountType): Promise<Account> => {
    const { userId, token } = await tokens.token(role);
    return { id: userId, token };
  };
  return {
    app,
    /** Answers like testkit's `call`, with paths of the service (`/api/job-seeker/profile`). */
    call: (path: string, init: CallInit = {}) => callApp(app, path, init),
    /** Calls as `account`, on paths under `prefix`. */
    as:
      (account: Account, prefix = '') =>
      (path: string, init: CallInit = {}) =>
        callApp(app, `${prefix}${path}`, { ...init, token: account.token }),
    /** A new job seeker, employer, admin or service account, with its token. */
    jobSeeker: () => account('job_seeker'),
    employer: () => account('employer'),
    admin: () => account('admin'),
    service: () => account('service'),
    /** What the `users` topic would say: the account was suspended, deleted or restored. */
    setStatus: (userId: string, status: UserStatus) => tokens.setStatus(userId, status),
    /** What the `users` topic would say of the account's address. */
    confirmEmail(userId: string, isConfirmed = true) {
      if (isConfirmed) confirmed.add(userId);
      else confirmed.delete(userId);
    },
    /** What the `system-settings` topic would say. */
    applySettings: (data: SystemSettingsChanged['data']) => settings.apply(data),
    /** The stores, whose `published()` holds the events the service would have sent. */
    profiles: profiles.store,
    employerProfiles: employerProfiles.store,
    /** Every read of personal details recorded, in order. */
    reads,
  };
}

export type ProfileHarness = Awaited<ReturnType<typeof profileHarness>>;
