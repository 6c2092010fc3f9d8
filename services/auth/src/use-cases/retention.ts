import { defaultInactiveAccountMonths, type UserActivityChanged } from '@meritmatch/contracts';
import { type AggregateStore, type Clock, systemClock } from '@meritmatch/service-kit';
import { type Account, isConfirmed } from '../domain/account';
import { userActivityChanged } from '../messaging/user-events';
import type { AccountQueries } from './accounts';
import type { Erasures } from './erasures';

/** A date `months` calendar months after `from` (the last day of a shorter month when it has no such day). */
export function addMonths(from: Date, months: number): Date {
  const date = new Date(from.getTime());
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

/** When an account was last used: its last sign-in, or its creation for one never signed in since this was kept. */
export const lastActive = (account: Account) => account.lastSignedInAt ?? account.createdAt;

export type RetentionStep = 'remind' | 'hide' | 'erase' | null;

/**
 * What the retention limit asks of an account now, one step at a time and always in this order:
 * a reminder a month before the limit, out of search at it, the erasure a month later and at
 * least a month after the reminder (an account found past its limit, because the setting was
 * lowered, still gets its month). Admins, and accounts being erased, are left alone.
 */
export function retentionStep(account: Account, months: number, now: Date): RetentionStep {
  if (account.userType === 'admin' || account.erasureRequestedAt) return null;
  const last = lastActive(account);
  switch (account.retentionStage ?? null) {
    case null:
      return now >= addMonths(last, months - 1) ? 'remind' : null;
    case 'reminded':
      return now >= addMonths(last, months) ? 'hide' : null;
    case 'inactive': {
      const reminded = account.retentionRemindedAt ?? last;
      return now >= addMonths(last, months + 1) && now >= addMonths(reminded, 1) ? 'erase' : null;
    }
  }
}

/** How long a sign-in is not written again: a person signing in many times an hour changes nothing. */
const signInNotedEveryMs = 60 * 60 * 1000;

export type RetentionDeps = {
  accounts: AggregateStore<Account>;
  queries: Pick<AccountQueries, 'everyAccount'>;
  erasures: Pick<Erasures, 'startForRetention'>;
  /** The System Setting: months without sign-in before an account is erased. */
  months: () => number;
  clock?: Clock;
};

/**
 * The retention limit of inactive accounts (GDPR Art. 5(1)(e)): a daily run over every account,
 * and each sign-in, which clears it.
 */
export function createRetention({ accounts, queries, erasures, months, clock = systemClock }: RetentionDeps) {
  const activity = (account: Account, stage: UserActivityChanged['data']['stage'], limit: number) =>
    userActivityChanged(
      {
        userId: account.userId,
        userType: account.userType,
        status: account.status,
        stage,
        lastSignedInAt: lastActive(account),
        eraseAfter: addMonths(lastActive(account), limit + 1),
        inactiveMonths: limit,
        emailConfirmed: isConfirmed(account),
      },
      clock,
    );

  return {
    /** The daily run; answers how many accounts each step took. */
    async run() {
      const limit = months() || defaultInactiveAccountMonths;
      const done = { reminded: 0, hidden: 0, erased: 0 };
      for await (const account of queries.everyAccount()) {
        const step = retentionStep(account, limit, clock());
        if (step === 'erase') {
          if (await erasures.startForRetention(account.userId)) done.erased += 1;
        } else if (step) {
          const stage = step === 'remind' ? 'reminded' : 'inactive';
          await accounts.change(account.userId, (current) =>
            retentionStep(current, limit, clock()) === step
              ? {
                  next: {
                    ...current,
                    retentionStage: stage,
                    ...(step === 'remind' ? { retentionRemindedAt: clock() } : {}),
                  },
                  events: [activity(current, stage, limit)],
                }
              : { next: current, events: [] },
          );
          done[step === 'remind' ? 'reminded' : 'hidden'] += 1;
        }
      }
      return done;
    },

    /** A sign-in: the account is active again (back in search if the limit had hidden it). */
    async signedIn(userId: string) {
      const now = clock();
      await accounts.change(userId, (current) => {
        const recent =
          current.lastSignedInAt && now.getTime() - current.lastSignedInAt.getTime() < signInNotedEveryMs;
        if (recent && !current.retentionStage) return { next: current, events: [] };
        const next = { ...current, lastSignedInAt: now, retentionStage: null, retentionRemindedAt: null };
        const limit = months() || defaultInactiveAccountMonths;
        return { next, events: current.retentionStage ? [activity(next, 'active', limit)] : [] };
      });
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
