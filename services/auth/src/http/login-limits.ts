import { ApiError } from '@meritmatch/service-kit';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export type LoginLimitOptions = {
  failuresPerAccount: number;
  attemptsPerAddress: number;
  windowSeconds: number;
};

/**
 * Sign-in throttling with rate-limiter-flexible: every attempt counts against the
 * caller's address, and failed ones against the account, so guessing one account's
 * password from many addresses is stopped as well as hammering from one.
 */
export function createLoginLimits({
  failuresPerAccount,
  attemptsPerAddress,
  windowSeconds,
}: LoginLimitOptions) {
  const byAddress = new RateLimiterMemory({
    keyPrefix: 'login-address',
    points: attemptsPerAddress,
    duration: windowSeconds,
  });
  const byAccount = new RateLimiterMemory({
    keyPrefix: 'login-account',
    points: failuresPerAccount,
    duration: windowSeconds,
  });

  const tooMany = (res: RateLimiterRes) => {
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60000));
    const error = new ApiError(
      'RATE_LIMITED',
      `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
    return Object.assign(error, { retryAfterSeconds: Math.ceil(res.msBeforeNext / 1000) });
  };

  return {
    /** Before checking the password: refuses when the address or the account is over its limit. */
    async admit(address: string, email: string) {
      const account = await byAccount.get(email.toLowerCase());
      if (account && account.consumedPoints >= failuresPerAccount) throw tooMany(account);
      try {
        await byAddress.consume(address);
      } catch (res) {
        if (res instanceof RateLimiterRes) throw tooMany(res);
        throw res;
      }
    },
    async failed(email: string) {
      await byAccount.penalty(email.toLowerCase(), 1);
    },
    async succeeded(email: string) {
      await byAccount.delete(email.toLowerCase());
    },
  };
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;
