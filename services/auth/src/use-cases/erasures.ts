import type { ErasurePart, ErasureRequester } from '@meritmatch/contracts';
import { type AggregateStore, type Clock, DomainError, systemClock } from '@meritmatch/service-kit';
import { type Account, isConfirmed, withErasureRequested } from '../domain/account';
import {
  type Erasure,
  newErasure,
  readyToFinish,
  resendDue,
  toErasureView,
  withPartDone,
} from '../domain/erasure';
import { erasureRequested } from '../messaging/erasure-events';
import { userStatusChanged } from '../messaging/user-events';
import { type PasswordHashing, pooledPasswordHashing } from '../workers/passwords';
import type { AccountQueries } from './accounts';

export type ErasuresDeps = {
  accounts: AggregateStore<Account>;
  queries: Pick<AccountQueries, 'accountOf' | 'eraseAccount' | 'erasing'>;
  erasures: AggregateStore<Erasure>;
  /** Erasures that have not finished, and the newest for the admin's view. */
  records: { unfinished: () => Promise<Erasure[]>; recent: (limit: number) => Promise<Erasure[]> };
  /** Auth's own data of the person beside the account: links, sessions, a second factor, the address's limit counts. */
  forgetOwnData: (account: Pick<Account, 'userId' | 'email'>) => Promise<void>;
  /** How long a part may stay silent before it is asked again. */
  resendEveryMs: number;
  /** Hashes and checks passwords (the service's hashing threads unless given). */
  passwords?: PasswordHashing;
  clock?: Clock;
};

class ErasureExists extends Error {}

/**
 * Erasure of a person's account (GDPR Art. 17), as docs/decisions/0004-account-erasure.md
 * designs it: the account is disabled at once; every service erases its part when it reads
 * `erasure.requested`, and answers; auth records each answer and erases the account last.
 */
export function createErasures({
  accounts,
  queries,
  erasures,
  records,
  forgetOwnData,
  resendEveryMs,
  passwords = pooledPasswordHashing,
  clock = systemClock,
}: ErasuresDeps) {
  /** The erasure record, made if a stop came between the account's change and it. */
  async function record(account: Account, by: ErasureRequester, requestedBy: string | null) {
    const at = account.erasureRequestedAt ?? clock();
    const erasure = newErasure({ userId: account.userId, userType: account.userType, by, requestedBy }, at);
    try {
      return (await erasures.create(erasure, [erasureRequested(erasure, clock)], () => new ErasureExists()))
        .state;
    } catch (error) {
      if (!(error instanceof ErasureExists)) throw error;
      return (await erasures.load(account.userId)) ?? erasure;
    }
  }

  async function request(userId: string, by: ErasureRequester, requestedBy: string | null) {
    const account = await queries.accountOf(userId);
    if (!account) throw new DomainError('account.not-found');
    if (account.userType === 'admin') throw new DomainError('account.admin-protected');
    if (account.erasureRequestedAt) throw new DomainError('erasure.in-progress');
    // at once: disabled, every token refused, out of search (as a deletion is, everywhere)
    const changed = await accounts.change(userId, (current) => {
      const next = withErasureRequested(current, clock());
      if (!next) return { next: current, events: [] };
      const change = {
        userId,
        userType: current.userType,
        status: next.status,
        previousStatus: current.status,
        emailConfirmed: isConfirmed(current),
        changedAt: next.statusChangedAt,
      };
      return { next, events: [userStatusChanged(change, clock)] };
    });
    if (!changed) throw new DomainError('account.not-found');
    return record(changed.state, by, requestedBy);
  }

  /** Auth's part, last: the account goes once every other part is done. False while its events wait. */
  async function finish(erasure: Erasure) {
    const account = await queries.accountOf(erasure.userId);
    if (account) await forgetOwnData(account);
    if ((await queries.eraseAccount(erasure.userId)) === 'events-waiting') return false;
    await erasures.change(erasure.userId, (current) =>
      current.finishedAt
        ? { next: current, events: [] }
        : { next: { ...current, finishedAt: clock() }, events: [] },
    );
    return true;
  }

  /** When accounts were last looked at for an erasure asked without its record (scans the accounts). */
  let lastOrphanCheck = Number.NEGATIVE_INFINITY;

  return {
    /** "Delete my account": the password confirms it. */
    async eraseOwn(userId: string, password: string) {
      const account = await queries.accountOf(userId);
      if (!account) throw new DomainError('account.not-found');
      if (!(await passwords.verify(account.passwordHash, password)))
        throw new DomainError('erasure.wrong-password');
      return toErasureView(await request(userId, 'self', null));
    },

    /** An admin starts the erasure of a request that reached the team by other means. */
    startByAdmin: async (userId: string, adminUserId: string) =>
      toErasureView(await request(userId, 'admin', adminUserId)),

    /** The retention limit: an inactive account's erasure (an account erasing already is left alone). */
    async startForRetention(userId: string) {
      const account = await queries.accountOf(userId);
      if (!account || account.erasureRequestedAt || account.userType === 'admin') return null;
      return request(userId, 'retention', null);
    },

    /** A part's answer; once every part answered, the account itself goes. */
    async recordPart(userId: string, part: ErasurePart) {
      const changed = await erasures.change(userId, (current) => {
        const next = withPartDone(current, part, clock());
        return { next: next ?? current, events: [] };
      });
      if (changed && readyToFinish(changed.state)) await finish(changed.state);
    },

    /**
     * Run every minute: an erasure whose parts are all done but whose account is still there is
     * finished; parts silent for `resendEveryMs` are asked again; an account whose erasure was
     * asked without a record (a stop in between) gets it (looked for at the first run, then once
     * every `resendEveryMs`: it scans the accounts).
     */
    async upkeep() {
      let finished = 0;
      let resent = 0;
      for (const erasure of await records.unfinished()) {
        if (readyToFinish(erasure)) {
          if (await finish(erasure)) finished += 1;
        } else if (resendDue(erasure, clock(), resendEveryMs)) {
          await erasures.change(erasure.userId, (current) => {
            if (!resendDue(current, clock(), resendEveryMs)) return { next: current, events: [] };
            const next = { ...current, lastSentAt: clock() };
            return { next, events: [erasureRequested(next, clock)] };
          });
          resent += 1;
        }
      }
      let recorded = 0;
      // a stop between the account's write and the record's is rare: looked for as often as a resend
      const now = clock().getTime();
      if (now - lastOrphanCheck < resendEveryMs) return { finished, resent, recorded };
      lastOrphanCheck = now;
      for (const userId of await queries.erasing()) {
        if (await erasures.load(userId)) continue;
        const account = await queries.accountOf(userId);
        if (account) {
          await record(account, 'self', null);
          recorded += 1;
        }
      }
      return { finished, resent, recorded };
    },

    /** The admin's "Leaving" view. */
    list: async (limit = 100) => (await records.recent(limit)).map(toErasureView),
  };
}

export type Erasures = ReturnType<typeof createErasures>;
