import type { UserStatus, UserType } from '@meritmatch/contracts';
import { DomainError } from '@meritmatch/service-kit/core';

/** An account as the auth service keeps it (the password hash stays in the store). */
export type User = {
  userId: string;
  email: string;
  userType: UserType;
  status: UserStatus;
  createdAt: Date;
  statusChangedAt: Date;
  /** Whether the person confirmed the address through the link sent to it. */
  emailConfirmed: boolean;
};

/**
 * The stored account: the user, its password hash, and the store's version. `sessionsEndedAt`:
 * every token issued up to then is refused (a password reset ended every session);
 * `passwordChangedAt`: a reset link made before it no longer works.
 */
export type Account = Omit<User, 'emailConfirmed'> & {
  passwordHash: string;
  /** When the address was confirmed through its link; null while it is not (accounts made before links were sent: null). */
  emailConfirmedAt?: Date | null;
  version: number;
  updatedAt: Date;
  sessionsEndedAt?: Date | null;
  passwordChangedAt?: Date | null;
  /** The person or an admin asked for the account's erasure: it is disabled until it goes. */
  erasureRequestedAt?: Date | null;
  /** The last sign-in (null for accounts from before it was kept: their creation counts). */
  lastSignedInAt?: Date | null;
  /** Where the retention limit has taken an inactive account: reminded, then out of search. */
  retentionStage?: 'reminded' | 'inactive' | null;
  /** When the reminder went: the erasure comes a month after it at the soonest. */
  retentionRemindedAt?: Date | null;
};

export type AccountErrorReason =
  | 'account.invalid-credentials'
  | 'account.not-active'
  | 'account.email-taken'
  | 'account.not-found'
  | 'account.admin-protected'
  | 'password.common'
  /** Changing the password needs the current one. */
  | 'account.wrong-current-password'
  /** A reset link that was used, has expired, or was never issued. */
  | 'reset.invalid-link'
  /** A confirmation link that was used, has expired, or was never issued. */
  | 'confirmation.invalid-link'
  /** A new confirmation link asked for an address that is confirmed already. */
  | 'confirmation.already-confirmed'
  /** A change of address to the address the account has. */
  | 'email-change.same-address'
  /** A change-of-address link that was used, has expired, was replaced, or was never issued. */
  | 'email-change.invalid-link'
  /** The account is being erased: nothing may change it (not even a restore). */
  | 'erasure.in-progress'
  /** "Delete my account" with a wrong password. */
  | 'erasure.wrong-password'
  /** A session to sign out that is not the account's, or has ended. */
  | 'session.not-found'
  /** A service asked for a token with an unknown name or a wrong secret. */
  | 'service.invalid-credentials';

/**
 * The user status machine, in one place: any status can change to any other (a deleted
 * account can be restored), except that an admin account is never suspended or deleted.
 * Answers null when nothing changes.
 */
export function changeStatus(account: Account, status: UserStatus, at: Date): Account | null {
  if (account.userType === 'admin' && status !== 'active') throw new DomainError('account.admin-protected');
  if (account.erasureRequestedAt) throw new DomainError('erasure.in-progress');
  if (account.status === status) return null;
  switch (status) {
    case 'active':
    case 'suspended':
    case 'deleted':
      return { ...account, status, statusChangedAt: at };
    default:
      return unreachable(status);
  }
}

/** A new password: every session of the account ends with the change (the reset link's promise). */
export const withNewPassword = (account: Account, passwordHash: string, at: Date): Account => ({
  ...account,
  passwordHash,
  passwordChangedAt: at,
  sessionsEndedAt: at,
});

/** Signing in needs an active account; the refusal names the status. */
export function assertCanSignIn(account: Account) {
  if (account.erasureRequestedAt) throw new DomainError('account.not-active', { status: 'erased' });
  if (account.status !== 'active') throw new DomainError('account.not-active', { status: account.status });
}

/** The account as the API shows it: no password hash, the confirmation as a yes or no. */
export const toUser = (account: Account): User => ({
  userId: account.userId,
  email: account.email,
  userType: account.userType,
  status: account.status,
  createdAt: account.createdAt,
  statusChangedAt: account.statusChangedAt,
  emailConfirmed: isConfirmed(account),
});

export const isConfirmed = (account: Pick<Account, 'emailConfirmedAt'>) => Boolean(account.emailConfirmedAt);

/**
 * The erasure asked for: the account is disabled at once (as deleted, so every process refuses
 * its tokens and search leaves it out) and every session ends. Null when it was asked already.
 */
export const withErasureRequested = (account: Account, at: Date): Account | null =>
  account.erasureRequestedAt
    ? null
    : { ...account, status: 'deleted', statusChangedAt: at, sessionsEndedAt: at, erasureRequestedAt: at };

/** The address confirmed through its link; null when it already was. */
export const withEmailConfirmed = (account: Account, at: Date): Account | null =>
  isConfirmed(account) ? null : { ...account, emailConfirmedAt: at };

function unreachable(value: never): never {
  throw new Error(`unknown status ${String(value)}`);
}
