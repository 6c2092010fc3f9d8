import type { ChangeEmailRequest } from '@meritmatch/contracts';
import { DomainError, decidedEveryTime, isDuplicateKeyError } from '@meritmatch/service-kit';
import { isConfirmed } from '../domain/account';
import { emailChanged, emailChangeRequested } from '../messaging/account-notices';
import { userEmailConfirmed } from '../messaging/user-events';
import {
  type AccountLinkDeps,
  emailChangeWorks,
  giveLinkBack,
  linkOfKind,
  newLink,
  takeLink,
  withLinkDefaults,
} from './account-link';
import { accountKey } from './accounts';

/** How long the old address can still be told of the change (the notifications service asks it when it sends). */
export const previousAddressKeptMs = 7 * 24 * 60 * 60 * 1000;

const invalidLink = () => new DomainError('email-change.invalid-link');

class LinkIdTaken extends Error {}

/**
 * A change of address. The person asks with their password; a link goes to the new address
 * (single use, 24 hours, only its token's hash stored), and the account's address changes when it
 * is opened: the new address is confirmed by that, and the old one is told. A newer request, or any
 * other change of address meanwhile, ends the older links (each records the address it replaces).
 */
export function createEmailChange(deps: AccountLinkDeps) {
  const { accounts, queries, links, tokens, passwords, clock, newId } = withLinkDefaults(deps);
  /** The change-of-address link a token names, or null when the token names no such link. */
  async function linkOf(token: string) {
    const found = await linkOfKind('email-change', token, { tokens, links });
    if (!found) return null;
    if (!found.matches) throw invalidLink();
    return found.link;
  }

  async function confirm(token: string): Promise<{ email: string } | null> {
    const link = await linkOf(token);
    if (!link) return null;
    const account = await queries.accountOf(link.userId);
    if (account?.status !== 'active') throw invalidLink();
    if (link.usedAt && account.email === link.email) return { email: link.email };
    if (!emailChangeWorks(link, account, clock())) throw invalidLink();
    if (await queries.byEmail(link.email)) throw new DomainError('account.email-taken');
    await takeLink(link.id, invalidLink, { links, clock });
    const at = clock();
    try {
      const changed = await accounts.change(link.userId, (current) => {
        if (current.email !== link.fromEmail) throw invalidLink();
        const { userId, userType, status } = current;
        const next = { ...current, email: link.email, emailConfirmedAt: current.emailConfirmedAt ?? at };
        // the new address is confirmed by this link: services that wait for a confirmed address learn it
        const events = isConfirmed(current)
          ? []
          : [userEmailConfirmed({ userId, userType, status, confirmedAt: at }, clock)];
        return { next, events };
      });
      if (!changed) throw invalidLink();
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      await giveLinkBack(link.id, links);
      throw new DomainError('account.email-taken');
    }
    // the old address is told (the notice names the link, which keeps that address for a week)
    await links.change(link.id, (current) => ({ next: current, events: [emailChanged(link, at, clock)] }));
    if (link.fromEmail) await queries.forgetEmail(link.fromEmail, link.userId);
    return { email: link.email };
  }

  return {
    async request(userId: string, { newEmail, currentPassword }: ChangeEmailRequest): Promise<void> {
      const account = await queries.accountOf(userId);
      if (!account) throw new DomainError('account.not-found');
      if (!(await passwords.verify(account.passwordHash, currentPassword)))
        throw new DomainError('account.wrong-current-password');
      const email = accountKey(newEmail);
      if (email === account.email) throw new DomainError('email-change.same-address');
      if (await queries.byEmail(email)) throw new DomainError('account.email-taken');
      const link = newLink(
        'email-change',
        { userId, email, fromEmail: account.email },
        newId(),
        tokens,
        clock(),
      );
      await links.create(link, [emailChangeRequested(link, clock)], () => new LinkIdTaken());
    },

    /** The token of a change-of-address link that can still change it, and where it goes; null otherwise. */
    async tokenFor(linkId: string) {
      const link = await links.load(linkId);
      if (link?.kind !== 'email-change') return null;
      const account = await queries.accountOf(link.userId);
      if (account?.status !== 'active' || !emailChangeWorks(link, account, clock())) return null;
      return {
        token: tokens.tokenOf(link.id),
        kind: link.kind,
        userId: link.userId,
        expiresAt: link.expiresAt,
        sendTo: link.email,
      };
    },

    /**
     * Changes the address through a link; null when the token is not a change-of-address link
     * (the caller tries the other kinds). The link is taken first (single use); an address that
     * another account took meanwhile gives the link back and refuses. Opening a used link again
     * once the address is the new one says it is done. It runs without the request's idempotency
     * key (decidedEveryTime): the link's document is written twice (taken, then the notice), and a
     * retry finds the used link anyway.
     */
    confirm: (token: string) => decidedEveryTime(() => confirm(token)),

    /** The address an account had before the change this link made, for a week after it; null otherwise. */
    async previousEmail(linkId: string) {
      const link = await links.load(linkId);
      if (link?.kind !== 'email-change' || !link.usedAt || !link.fromEmail) return null;
      if (clock().getTime() - link.usedAt.getTime() > previousAddressKeptMs) return null;
      return { userId: link.userId, previousEmail: link.fromEmail };
    },
  };
}

export type EmailChange = ReturnType<typeof createEmailChange>;
