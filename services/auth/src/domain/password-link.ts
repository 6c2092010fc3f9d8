import { passwordResetLinkMinutes } from '@meritmatch/contracts';
import type { Versioned } from '@meritmatch/service-kit';

/** A password reset link: single use, valid for 30 minutes, only a hash of its token stored. */
export type PasswordLink = Versioned & {
  id: string;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
};

export const linkLifetimeMs = passwordResetLinkMinutes * 60 * 1000;

/**
 * Whether the link still opens the account: not used, not expired, and made after the
 * account's password last changed (a reset or a change ends the links made before it).
 */
export function linkWorks(
  link: PasswordLink,
  account: { passwordChangedAt?: Date | null },
  now: Date,
): boolean {
  if (link.usedAt) return false;
  if (link.expiresAt.getTime() <= now.getTime()) return false;
  const changed = account.passwordChangedAt?.getTime();
  return changed === undefined || link.createdAt.getTime() > changed;
}
