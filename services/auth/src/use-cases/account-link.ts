import { randomUUID } from 'node:crypto';
import {
  type AccountLinkKind,
  emailConfirmationLinkHours,
  passwordResetLinkMinutes,
} from '@meritmatch/contracts';
import { type AggregateStore, type Clock, systemClock, type Versioned } from '@meritmatch/service-kit';
import type { Account } from '../domain/account';
import { hashOfToken, type LinkTokens, tokenMatches } from '../domain/link-tokens';
import { type PasswordHashing, pooledPasswordHashing } from '../workers/passwords';
import type { AccountQueries } from './accounts';

/**
 * A link sent to a person about their account: a password reset (30 minutes) or the
 * confirmation of their address (24 hours). Single use; only a hash of its token is stored.
 * `email` is the address the link was sent to: a confirmation confirms that address and no other.
 */
export type AccountLink = Versioned & {
  id: string;
  kind: AccountLinkKind;
  userId: string;
  email: string;
  /** A change of address: the account's address when it was asked. */
  fromEmail?: string | null;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
};

export const linkLifetimeMs: Record<AccountLinkKind, number> = {
  'password-reset': passwordResetLinkMinutes * 60 * 1000,
  'email-confirmation': emailConfirmationLinkHours * 60 * 60 * 1000,
  'email-change': emailConfirmationLinkHours * 60 * 60 * 1000,
};

/** What the flows that send links (a reset, a confirmation) work with. */
export type AccountLinkDeps = {
  accounts: AggregateStore<Account>;
  queries: Pick<AccountQueries, 'accountOf' | 'byEmail' | 'forgetEmail'>;
  links: AggregateStore<AccountLink>;
  tokens: LinkTokens;
  /** Hashes and checks passwords (the service's hashing threads unless given). */
  passwords?: PasswordHashing;
  clock?: Clock;
  newId?: () => string;
};

/** The deps with the service's own hashing threads, clock and ids where none are given (tests give theirs). */
export const withLinkDefaults = ({
  passwords = pooledPasswordHashing,
  clock = systemClock,
  newId = randomUUID,
  ...deps
}: AccountLinkDeps) => ({ ...deps, passwords, clock, newId });

/** A new link of this kind to the account's address, valid from `now` for its kind's lifetime. */
export const newLink = (
  kind: AccountLinkKind,
  account: Pick<Account, 'userId' | 'email'> & { fromEmail?: string },
  id: string,
  tokens: LinkTokens,
  now: Date,
): AccountLink => ({
  id,
  kind,
  userId: account.userId,
  email: account.email,
  ...(account.fromEmail ? { fromEmail: account.fromEmail } : {}),
  tokenHash: hashOfToken(tokens.tokenOf(id)),
  expiresAt: new Date(now.getTime() + linkLifetimeMs[kind]),
  usedAt: null,
  version: 1,
  createdAt: now,
  updatedAt: now,
});

const unusedAndCurrent = (link: AccountLink, now: Date) =>
  !link.usedAt && link.expiresAt.getTime() > now.getTime();

/**
 * Whether a reset link still opens the account: not used, not expired, and made after the
 * account's password last changed (a reset or a change ends the links made before it).
 */
export function linkWorks(
  link: AccountLink,
  account: { passwordChangedAt?: Date | null },
  now: Date,
): boolean {
  if (!unusedAndCurrent(link, now)) return false;
  const changed = account.passwordChangedAt?.getTime();
  return changed === undefined || changed === null || link.createdAt.getTime() > changed;
}

/** Whether a confirmation link can still confirm: not used, not expired, and sent to the account's address. */
export const confirmationWorks = (link: AccountLink, account: Pick<Account, 'email'>, now: Date) =>
  unusedAndCurrent(link, now) && link.email === account.email;

/**
 * Whether a change-of-address link can still change it: not used, not expired, and the account
 * still has the address it had when the change was asked (a newer change ends the older links).
 */
export const emailChangeWorks = (link: AccountLink, account: Pick<Account, 'email'>, now: Date) =>
  unusedAndCurrent(link, now) && link.fromEmail === account.email;

/**
 * The link of `kind` a token names, or null when it names none of that kind; `matches` says
 * whether the token is the link's own (its hash).
 */
export async function linkOfKind(
  kind: AccountLinkKind,
  token: string,
  { tokens, links }: Pick<AccountLinkDeps, 'tokens' | 'links'>,
) {
  const linkId = tokens.linkIdOf(token);
  const link = linkId ? await links.load(linkId) : null;
  return link?.kind === kind ? { link, matches: tokenMatches(token, link.tokenHash) } : null;
}

/**
 * Takes a link for its one use: marks it used, or refuses with `invalid` when it was used
 * meanwhile.
 */
export async function takeLink(
  linkId: string,
  invalid: () => Error,
  { links, clock }: { links: AggregateStore<AccountLink>; clock: Clock },
) {
  const taken = await links.change(linkId, (current) => {
    if (current.usedAt) throw invalid();
    return { next: { ...current, usedAt: clock() }, events: [] };
  });
  if (!taken) throw invalid();
}

/** Gives a taken link back: what it was taken for did not happen. */
export const giveLinkBack = (linkId: string, links: AggregateStore<AccountLink>) =>
  links.change(linkId, (current) => ({ next: { ...current, usedAt: null }, events: [] }));
