import type { AuthResponse, ChangePasswordRequest, UserSessionsEnded } from '@meritmatch/contracts';
import {
  type AggregateStore,
  type Clock,
  DomainError,
  type Identity,
  systemClock,
} from '@meritmatch/service-kit';
import { type Account, isConfirmed, withNewPassword } from '../domain/account';
import { isCommonPassword } from '../domain/passwords-common';
import { userSessionsEnded } from '../messaging/user-events';
import { type PasswordHashing, pooledPasswordHashing } from '../workers/passwords';
import type { AccountQueries } from './accounts';
import type { TokenService } from './tokens';

export type AccountSettingsDeps = {
  accounts: AggregateStore<Account>;
  queries: Pick<AccountQueries, 'accountOf'>;
  tokens: Pick<TokenService, 'issue'>;
  /** Hashes and checks passwords (the service's hashing threads unless given). */
  passwords?: PasswordHashing;
  clock?: Clock;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Account settings: a new password, and "Sign out everywhere else". Both end
 * every session of the account (`user.sessions-ended`, written with the change) and give the
 * browser that asked a new token, issued after that moment, so that only it stays signed in.
 */
export function createAccountSettings({
  accounts,
  queries,
  tokens,
  passwords = pooledPasswordHashing,
  clock = systemClock,
}: AccountSettingsDeps) {
  async function endOtherSessions(
    userId: string,
    change: (current: Account, at: Date) => Account,
    reason: UserSessionsEnded['data']['reason'],
  ): Promise<AuthResponse> {
    const account = await queries.accountOf(userId);
    if (!account) throw new DomainError('account.not-found');
    let endedAt = clock();
    const changed = await accounts.change(account.userId, (current) => {
      endedAt = clock();
      const { userType, status } = current;
      const emailConfirmed = isConfirmed(current);
      return {
        next: change(current, endedAt),
        events: [userSessionsEnded({ userId, userType, status, endedAt, reason, emailConfirmed }, clock)],
      };
    });
    if (!changed) throw new DomainError('account.not-found');
    // the new token must be issued after the end (a token of the same millisecond is refused)
    while (Date.now() <= endedAt.getTime()) await sleep(1);
    const { email, userType } = changed.state;
    const user = { id: userId, email, userType, emailConfirmed: isConfirmed(changed.state) };
    return { user, token: await tokens.issue({ userId, userType }) };
  }

  return {
    /** Needs the current password; the new one follows sign-up's rules. */
    async changePassword(identity: Identity, { currentPassword, newPassword }: ChangePasswordRequest) {
      const account = await queries.accountOf(identity.userId);
      if (!account) throw new DomainError('account.not-found');
      if (!(await passwords.verify(account.passwordHash, currentPassword)))
        throw new DomainError('account.wrong-current-password');
      if (isCommonPassword(newPassword)) throw new DomainError('password.common', { path: 'newPassword' });
      const passwordHash = await passwords.hash(newPassword);
      return endOtherSessions(
        identity.userId,
        (current, at) => withNewPassword(current, passwordHash, at),
        'password-change',
      );
    },

    /** Every other device signs in again; this one keeps going with the new token. */
    signOutOthers: (identity: Identity) =>
      endOtherSessions(
        identity.userId,
        (current, at) => ({ ...current, sessionsEndedAt: at }),
        'signed-out-elsewhere',
      ),
  };
}

export type AccountSettings = ReturnType<typeof createAccountSettings>;
