import { ApiError, type connectMongo, SharedLimiter, SlotStore } from '@meritmatch/service-kit';

type Connection = Awaited<ReturnType<typeof connectMongo>>;

export type LoginLimitOptions = {
  failuresPerAccount: number;
  attemptsPerAddress: number;
  windowSeconds: number;
  /** Auth's own database: the counts live there, so that every instance sees the same ones. */
  connection: Connection;
  /** Told when the store fails (the address count then goes on in memory, the account count refuses). */
  onStoreError: (error: unknown) => void;
  now?: () => number;
};

/** A sign-in let through: it counts as a failure of its account until it says it succeeded. */
export type LoginAttempt = { succeeded: () => Promise<void> };

const tooMany = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const error = new ApiError(
    'RATE_LIMITED',
    `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
  return Object.assign(error, { retryAfterSeconds });
};

const unavailable = () =>
  new ApiError('SERVICE_UNAVAILABLE', 'The database did not answer in time; please try again');

/**
 * Sign-in throttling counted in the service's database (service-kit's slot store, the same the
 * gateway counts with), so that the limits hold however many auth instances run: every attempt
 * counts against the caller's address, and every attempt against its account until it
 * succeeds, so guessing one account's password from many addresses is stopped as well as
 * hammering from one.
 *
 * An attempt claims its account's slot before the password is checked and frees it (with the
 * failures before it) only on success: concurrent guesses cannot all pass a count taken before
 * any of them failed. Anything but success counts as a failure. The address count falls back to
 * memory while the store fails (as the gateway's do); the account count refuses instead (503),
 * since the sign-in cannot go on without the database anyway.
 */
export function createLoginLimits({
  failuresPerAccount,
  attemptsPerAddress,
  windowSeconds,
  connection,
  onStoreError,
  now,
}: LoginLimitOptions) {
  const windowMs = windowSeconds * 1000;
  const attempts = new SlotStore(connection, { collection: 'login_attempt_slots', now });
  const byAddress = new SharedLimiter(
    'login-address',
    attemptsPerAddress,
    windowSeconds,
    attempts,
    onStoreError,
  );
  const failures = new SlotStore(connection, { collection: 'login_failure_slots', resettable: true, now });

  return {
    /** Before checking the password: refuses when the address or the account is over its limit. */
    async admit(address: string, email: string): Promise<LoginAttempt> {
      const fromAddress = await byAddress.consume(address);
      if (!fromAddress.allowed) throw tooMany(fromAddress.retryAfterSeconds);
      const account = email.toLowerCase();
      const claimed = await failures.take(account, failuresPerAccount, windowMs).catch((error) => {
        onStoreError(error);
        throw unavailable();
      });
      if (claimed.consumed > failuresPerAccount)
        throw tooMany(Math.max(1, Math.ceil(claimed.msBeforeNext / 1000)));
      return {
        succeeded: async () => {
          // the sign-in has its token: a store that fails now leaves the count higher, nothing worse
          await failures.reset(account, windowMs, claimed.consumed).catch(onStoreError);
        },
      };
    },
    /**
     * Forgets the account's failed sign-ins (its password was just reset through its e-mail):
     * the person signs in with the new password at once, not after the window.
     */
    async forgive(email: string) {
      await failures.reset(email.toLowerCase(), windowMs, failuresPerAccount + 1).catch(onStoreError);
    },
    /** Removes the counts of windows that have ended. */
    async sweep() {
      await Promise.all([attempts.sweep(), failures.sweep()]);
    },
  };
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;
