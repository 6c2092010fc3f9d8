import { secondFactorMessages } from '@meritmatch/contracts';
import { ApiError } from '@meritmatch/service-kit';
import { type Attempt, createFailureLimits, type LimitStoreOptions } from './failure-limits';

export type SecondFactorLimitOptions = LimitStoreOptions & {
  /** Wrong codes allowed per account in the window (the sign-in step and enrolment's confirmation). */
  failuresPerAccount: number;
  /** Codes tried from one client address in the window. */
  attemptsPerAddress: number;
};

/** A code let through: it counts as a wrong one of its account until it says it succeeded. */
export type CodeAttempt = Attempt;

const tooMany = (retryAfterSeconds: number) =>
  Object.assign(new ApiError('RATE_LIMITED', secondFactorMessages.tooMany), { retryAfterSeconds });

/**
 * The second step's limits, built as the sign-in limits are (failure-limits.ts), in auth's
 * database so that they hold across instances: every code counts against the client's address,
 * and against its account (by user id) until it is accepted. Five wrong codes in 15 minutes leave
 * a guesser a chance of about 1 in 70,000 per window (three codes fit at any time, out of a million).
 */
export function createSecondFactorLimits(options: SecondFactorLimitOptions) {
  const limits = createFailureLimits({ ...options, kind: 'second_factor', tooMany });
  return {
    /** Before checking a code: refuses when the address or the account is over its limit. */
    admit: (address: string, userId: string): Promise<CodeAttempt> => limits.admit(address, userId),
    /** Counts a request of the step that checks no code (the enrolment's QR code) against the address. */
    touch: limits.touch,
    sweep: limits.sweep,
  };
}

export type SecondFactorLimits = ReturnType<typeof createSecondFactorLimits>;
