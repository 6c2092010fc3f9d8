import { type AccountData, ZAuthMyData, ZMyDataRole } from '@meritmatch/contracts';
import { type AppEnv, DomainError } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { type Account, isConfirmed } from '../domain/account';
import type { AccountQueries } from '../use-cases/accounts';
import type { SessionList } from '../use-cases/session-list';

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** The account as its owner downloads it: no password hash, no store fields. */
export const toAccountData = (account: Account, sessions: AccountData['sessions']): AccountData => ({
  id: account.userId,
  email: account.email,
  user_type: ZMyDataRole.parse(account.userType),
  status: account.status,
  email_confirmed: isConfirmed(account),
  email_confirmed_at: iso(account.emailConfirmedAt),
  created_at: account.createdAt.toISOString(),
  status_changed_at: account.statusChangedAt.toISOString(),
  password_changed_at: iso(account.passwordChangedAt),
  sessions,
});

/**
 * `GET /my-data`: the signed-in job seeker's or employer's account and sessions, their part of
 * "Download my data" (the gateway composes it; the roles are checked before these routes).
 */
export function myDataRoutes({
  queries,
  sessionList,
}: {
  queries: Pick<AccountQueries, 'accountOf'>;
  sessionList: Pick<SessionList, 'list'>;
}) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const identity = c.get('identity');
    const account = await queries.accountOf(identity.userId);
    if (!account) throw new DomainError('account.not-found');
    const sessions = await sessionList.list(identity);
    c.header('Cache-Control', 'no-store');
    return c.json(ZAuthMyData.parse({ account: toAccountData(account, sessions) }));
  });
}
