import type { SessionView } from '@meritmatch/contracts';
import { type AggregateStore, DomainError, type Identity, systemClock } from '@meritmatch/service-kit';
import type { SignedInSessions } from '../data/signed-in-sessions';
import type { EndedSession } from '../domain/session';
import type { AccountQueries } from './accounts';
import { sessionWorks } from './signed-in-session';

/**
 * "Sessions" in Account settings: the sessions of the account that still work, this browser's
 * marked, and signing one of them out (as its own Logout would).
 */
export function createSessionList({
  records,
  queries,
  ended,
  logout,
  clock = systemClock,
}: {
  records: SignedInSessions;
  queries: Pick<AccountQueries, 'accountOf'>;
  /** Sessions ended by signing out, by token id. */
  ended: Pick<AggregateStore<EndedSession>, 'load'>;
  logout: (identity: Pick<Identity, 'userId' | 'tokenId' | 'expiresAt'>) => Promise<void>;
  clock?: () => Date;
}) {
  async function working(userId: string) {
    const account = await queries.accountOf(userId);
    if (!account) throw new DomainError('account.not-found');
    const now = clock();
    const sessions = await records.forUser(userId);
    const signedOut = await Promise.all(
      sessions.map(async (session) => (await ended.load(session.id)) !== null),
    );
    return sessions.filter((session, index) =>
      sessionWorks(session, account, signedOut[index] ?? false, now),
    );
  }

  return {
    async list(identity: Pick<Identity, 'userId' | 'tokenId'>): Promise<SessionView[]> {
      return (await working(identity.userId)).map((session) => ({
        id: session.id,
        device: session.device,
        signedInAt: session.signedInAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        current: session.id === identity.tokenId,
      }));
    },

    /** Signs out one session of the account; one that is not the account's, or has ended, is not found. */
    async signOut(identity: Pick<Identity, 'userId'>, sessionId: string) {
      const session = (await working(identity.userId)).find((candidate) => candidate.id === sessionId);
      if (!session) throw new DomainError('session.not-found');
      await logout({ userId: identity.userId, tokenId: session.id, expiresAt: session.expiresAt });
    },
  };
}

export type SessionList = ReturnType<typeof createSessionList>;
