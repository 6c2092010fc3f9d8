import { ApiError, type connectMongo, SharedLimiter, SlotStore } from '@meritmatch/service-kit';

/** Where auth's limits count: its own database, so that every instance sees the same counts. */
export type LimitStoreOptions = {
  windowSeconds: number;
  connection: Awaited<ReturnType<typeof connectMongo>>;
  /** Told when the store fails (the address count then goes on in memory, the account count refuses). */
  onStoreError: (error: unknown) => void;
  now?: () => number;
};

/** An attempt let through: it counts as a failure of its account until it says it succeeded. */
export type Attempt = { succeeded: () => Promise<void> };

/**
 * Attempts counted against the client's address, and against the account until one succeeds
 * (service-kit's slot store, the same the gateway counts with): guessing one account's secret
 * from many addresses is stopped as well as hammering from one. The sign-in's and the second
 * step's limits (login-limits.ts, second-factor-limits.ts).
 *
 * An attempt claims its account's slot before the secret is checked and frees it (with the
 * failures before it) only on success: concurrent guesses cannot all pass a count taken before
 * any of them failed. Anything but success counts as a failure. The address count falls back to
 * memory while the store fails (as the gateway's do); the account count refuses instead (503),
 * since the attempt cannot go on without the database anyway.
 */
export function createFailureLimits({
  kind,
  failuresPerAccount,
  attemptsPerAddress,
  tooMany,
  windowSeconds,
  connection,
  onStoreError,
  now,
}: LimitStoreOptions & {
  /** Names the limiter and its collections (`login_attempt_slots`, `login_failure_slots`). */
  kind: 'login' | 'second_factor';
  failuresPerAccount: number;
  attemptsPerAddress: number;
  /** The refusal past a limit, with when to try again. */
  tooMany: (retryAfterSeconds: number) => ApiError;
}) {
  const windowMs = windowSeconds * 1000;
  const attempts = new SlotStore(connection, { collection: `${kind}_attempt_slots`, now });
  const byAddress = new SharedLimiter(
    `${kind.replace('_', '-')}-address`,
    attemptsPerAddress,
    windowSeconds,
    attempts,
    onStoreError,
  );
  const failures = new SlotStore(connection, { collection: `${kind}_failure_slots`, resettable: true, now });
  /** Counts an attempt against the address; refuses past its limit. */
  const touch = async (address: string) => {
    const fromAddress = await byAddress.consume(address);
    if (!fromAddress.allowed) throw tooMany(fromAddress.retryAfterSeconds);
  };

  return {
    touch,
    /** Before checking the secret: refuses when the address or the account is over its limit. */
    async admit(address: string, account: string): Promise<Attempt> {
      await touch(address);
      const claimed = await failures.take(account, failuresPerAccount, windowMs).catch((error) => {
        onStoreError(error);
        throw new ApiError('SERVICE_UNAVAILABLE', 'The database did not answer in time; please try again');
      });
      if (claimed.consumed > failuresPerAccount)
        throw tooMany(Math.max(1, Math.ceil(claimed.msBeforeNext / 1000)));
      return {
        succeeded: async () => {
          // the attempt has passed: a store that fails now leaves the count higher, nothing worse
          await failures.reset(account, windowMs, claimed.consumed).catch(onStoreError);
        },
      };
    },
    /** Forgets the account's failures: the next attempt is counted from none. */
    async forgive(account: string) {
      await failures.reset(account, windowMs, failuresPerAccount + 1).catch(onStoreError);
    },
    /** Removes the counts of windows that have ended. */
    async sweep() {
      await Promise.all([attempts.sweep(), failures.sweep()]);
    },
  };
}
