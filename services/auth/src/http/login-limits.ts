import { ApiError } from '@meritmatch/service-kit';
import { type Attempt, createFailureLimits, type LimitStoreOptions } from './failure-limits';

export type LoginLimitOptions = LimitStoreOptions & {
  failuresPerAccount: number;
  attemptsPerAddress: number;
};

/** A sign-in let through: it counts as a failure of its account until it says it succeeded. */
export type LoginAttempt = Attempt;

const tooMany = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const error = new ApiError(
    'RATE_LIMITED',
    `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
  return Object.assign(error, { retryAfterSeconds });
};

/**
 * Sign-in throttling counted in the service's database, so that the limits hold however many
 * auth instances run: every attempt counts against the caller's address, and every attempt
 * against its account (by address, lower-cased) until it succeeds (failure-limits.ts).
 */
export function createLoginLimits(options: LoginLimitOptions) {
  const limits = createFailureLimits({ ...options, kind: 'login', tooMany });
  return {
    /** Before checking the password: refuses when the address or the account is over its limit. */
    admit: (address: string, email: string): Promise<LoginAttempt> =>
      limits.admit(address, email.toLowerCase()),
    /**
     * Forgets the account's failed sign-ins (its password was just reset through its e-mail):
     * the person signs in with the new password at once, not after the window.
     */
    forgive: (email: string) => limits.forgive(email.toLowerCase()),
    sweep: limits.sweep,
  };
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;
