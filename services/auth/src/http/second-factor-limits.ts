import { secondFactorMessages } from '@meritmatch/contracts';
import { ApiError, type connectMongo, SharedLimiter, SlotStore } from '@meritmatch/service-kit';

type Connection = Awaited<ReturnType<typeof connectMongo>>;

export type SecondFactorLimitOptions = {
  /** Wrong codes allowed per account in the window (the sign-in step and enrolment's confirmation). */
  failuresPerAccount: number;
  /** Codes tried from one client address in the window. */
  attemptsPerAddress: number;
  windowSeconds: number;
  connection: Connection;
  onStoreError: (error: unknown) => void;
  now?: () => number;
};

/** A code let through: it counts as a wrong one of its account until it says it succeeded. */
export type CodeAttempt = { succeeded: () => Promise<void> };

const tooMany = (retryAfterSeconds: number) =>
  Object.assign(new ApiError('RATE_LIMITED', secondFactorMessages.tooMany), { retryAfterSeconds });

/**
 * The second step's limits, built as the sign-in limits are (login-limits.ts), in auth's database
 * so that they hold across instances: every code counts against the client's address, and against
 * its account until it is accepted. An attempt claims its account's slot before the code is
 * checked, so concurrent guesses cannot pass a count taken before any of them failed. Five wrong
 * codes in 15 minutes leave a guesser a chance of about 1 in 70,000 per window (three codes fit
 * at any time, out of a million).
 */
export function createSecondFactorLimits({
  failuresPerAccount,
  attemptsPerAddress,
  windowSeconds,
  connection,
  onStoreError,
  now,
}: SecondFactorLimitOptions) {
  const windowMs = windowSeconds * 1000;
  const attempts = new SlotStore(connection, { collection: 'second_factor_attempt_slots', now });
  const byAddress = new SharedLimiter(
    'second-factor-address',
    attemptsPerAddress,
    windowSeconds,
    attempts,
    onStoreError,
  );
  const failures = new SlotStore(connection, {
    collection: 'second_factor_failure_slots',
    resettable: true,
    now,
  });
  return {
    /** Before checking a code: refuses when the address or the account is over its limit. */
    async admit(address: string, userId: string): Promise<CodeAttempt> {
      const fromAddress = await byAddress.consume(address);
      if (!fromAddress.allowed) throw tooMany(fromAddress.retryAfterSeconds);
      const claimed = await failures.take(userId, failuresPerAccount, windowMs).catch((error) => {
        onStoreError(error);
        throw new ApiError('SERVICE_UNAVAILABLE', 'The database did not answer in time; please try again');
      });
      if (claimed.consumed > failuresPerAccount)
        throw tooMany(Math.max(1, Math.ceil(claimed.msBeforeNext / 1000)));
      return {
        succeeded: async () => {
          await failures.reset(userId, windowMs, claimed.consumed).catch(onStoreError);
        },
      };
    },
    /** Counts a request of the step that checks no code (the enrolment's QR code) against the address. */
    async touch(address: string) {
      const fromAddress = await byAddress.consume(address);
      if (!fromAddress.allowed) throw tooMany(fromAddress.retryAfterSeconds);
    },
    async sweep() {
      await Promise.all([attempts.sweep(), failures.sweep()]);
    },
  };
}

export type SecondFactorLimits = ReturnType<typeof createSecondFactorLimits>;
