import { emailConfirmationMessages, passwordResetMessages } from '@meritmatch/contracts';
import { ApiError, SharedLimiter, SlotStore } from '@meritmatch/service-kit';
import type { LimitStoreOptions } from './failure-limits';

export type ResetLimitOptions = LimitStoreOptions & {
  /** Links asked for one address (known or not) in the window. */
  requestsPerEmail: number;
  /** Requests for links and resets from one client address in the window. */
  requestsPerAddress: number;
};

const tooMany = (message: string, retryAfterSeconds: number) =>
  Object.assign(new ApiError('RATE_LIMITED', message), { retryAfterSeconds });

/**
 * Limits of the account links (forgot password, confirmation of the address), counted in auth's database like the sign-in limits (every
 * instance sees the same counts): per client address, and per e-mail address asked for, whether
 * or not an account uses it, so the limit itself tells nothing of which addresses have accounts.
 * Links of both kinds count against the address they go to: nobody fills an inbox with them.
 */
export function createResetLimits({
  requestsPerEmail,
  requestsPerAddress,
  windowSeconds,
  connection,
  onStoreError,
  now,
}: ResetLimitOptions) {
  const slots = new SlotStore(connection, { collection: 'password_reset_slots', now });
  const byAddress = new SharedLimiter(
    'reset-address',
    requestsPerAddress,
    windowSeconds,
    slots,
    onStoreError,
  );
  const byEmail = new SharedLimiter('reset-email', requestsPerEmail, windowSeconds, slots, onStoreError);
  const admit = async (
    limiter: SharedLimiter,
    key: string,
    message: string = passwordResetMessages.tooMany,
  ) => {
    const decision = await limiter.consume(key);
    if (!decision.allowed) throw tooMany(message, decision.retryAfterSeconds);
  };
  const emailKey = (email: string) => email.trim().toLowerCase();
  return {
    /** A request for a link: counted against the client's address and the address asked for. */
    async request(address: string, email: string) {
      await admit(byAddress, address);
      await admit(byEmail, emailKey(email));
    },
    /** A confirmation link asked again by a signed-in person: counted like a reset link. */
    async confirmationLink(address: string, email: string) {
      await admit(byAddress, address, emailConfirmationMessages.tooMany);
      await admit(byEmail, emailKey(email), emailConfirmationMessages.tooMany);
    },
    /** A new password sent through a link: counted against the client's address. */
    reset: (address: string) => admit(byAddress, address),
    sweep: () => slots.sweep(),
  };
}

export type ResetLimits = ReturnType<typeof createResetLimits>;
