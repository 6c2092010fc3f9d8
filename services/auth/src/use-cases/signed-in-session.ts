import Bowser from 'bowser';
import type { Account } from '../domain/account';
import { tokenStanding } from './token-standing';

/**
 * A session as its account's list shows it: one token, from the sign-in (or new token) that made
 * it. Only the device's browser and system are kept, never the address it came from.
 */
export type SignedInSession = {
  /** The token's id (`jti`). */
  id: string;
  userId: string;
  device: string;
  /** When the token was issued (its `iat_ms`). */
  signedInAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
};

/** "Chrome on Linux", "Safari on iOS"; what cannot be told is said so. */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const system = parser.getOSName();
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown device';
}

/**
 * Whether a session still works, by the token rules every process applies (token-standing.ts):
 * not expired, the account active, issued after the account's sessions last ended, and not
 * signed out.
 */
export const sessionWorks = (
  session: SignedInSession,
  account: Pick<Account, 'status' | 'createdAt' | 'statusChangedAt' | 'sessionsEndedAt'>,
  signedOut: boolean,
  now: Date,
) =>
  session.expiresAt.getTime() > now.getTime() &&
  tokenStanding(account, { issuedAtMs: session.signedInAt.getTime() }, signedOut) === 'active';
