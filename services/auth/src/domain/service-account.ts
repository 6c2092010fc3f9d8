import { createHash, timingSafeEqual } from 'node:crypto';
import type { Versioned } from '@meritmatch/service-kit/core';

/**
 * A service of the product with an identity of its own (the notifications service
 * asks the owners for addresses). Configured by name and secret in `SERVICE_ACCOUNTS`; kept as
 * an account so that its registration is on the `users` topic, where every process learns its
 * subject (a token of an unknown subject is refused everywhere). Removing it from the
 * configuration marks it deleted, which revokes its tokens like a deleted user's.
 */
export type ServiceAccount = Versioned & {
  name: string;
  userId: string;
  status: 'active' | 'deleted';
  statusChangedAt: Date;
};

/** The same id for the same name on every start and every installation: tokens name it as subject. */
export function serviceAccountId(name: string): string {
  const hex = createHash('sha256').update(`meritmatch-service-account:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Compares a presented secret with the configured one in constant time (digests of equal length). */
export function secretMatches(presented: string, configured: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(configured));
}

/** What a start changes: accounts to create, to bring back, and to retire. */
export function reconcile(configured: ReadonlySet<string>, stored: readonly ServiceAccount[]) {
  const byName = new Map(stored.map((account) => [account.name, account]));
  return {
    create: [...configured].filter((name) => !byName.has(name)),
    restore: stored.filter((account) => configured.has(account.name) && account.status !== 'active'),
    retire: stored.filter((account) => !configured.has(account.name) && account.status === 'active'),
  };
}
