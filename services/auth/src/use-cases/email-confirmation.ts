import { DomainError } from '@meritmatch/service-kit';
import { isConfirmed, withEmailConfirmed } from '../domain/account';
import { emailConfirmationRequested } from '../messaging/account-notices';
import { userEmailConfirmed } from '../messaging/user-events';
import {
  type AccountLinkDeps,
  confirmationWorks,
  linkOfKind,
  newLink,
  takeLink,
  withLinkDefaults,
} from './account-link';

const invalidLink = () => new DomainError('confirmation.invalid-link');

class LinkIdTaken extends Error {}

/**
 * A confirmed address: after sign-up (and whenever the person asks again) a link goes to the
 * account's address; opening it confirms that address. A link is single use, works 24 hours, and
 * only a hash of its token is stored. The confirmation is one write of the account with its
 * `user.email-confirmed` event, so every service that acts on it (search, verification) learns it.
 */
export function createEmailConfirmation(deps: AccountLinkDeps) {
  const { accounts, queries, links, tokens, clock, newId } = withLinkDefaults(deps);
  /** The confirmation link a token names, with its account; refused when it is not one of ours. */
  async function named(token: string) {
    const found = await linkOfKind('email-confirmation', token, { tokens, links });
    if (!found?.matches) throw invalidLink();
    const { link } = found;
    const account = await queries.accountOf(link.userId);
    if (account?.status !== 'active') throw invalidLink();
    return { link, account };
  }

  return {
    /** Sends a new link to the account's address (after sign-up, or asked again); refused once confirmed. */
    async send(userId: string): Promise<void> {
      const account = await queries.accountOf(userId);
      if (!account) throw new DomainError('account.not-found');
      if (isConfirmed(account)) throw new DomainError('confirmation.already-confirmed');
      const link = newLink('email-confirmation', account, newId(), tokens, clock());
      await links.create(link, [emailConfirmationRequested(link, clock)], () => new LinkIdTaken());
    },

    /**
     * The token of a confirmation link that can still confirm, for the notifications service to
     * send; null otherwise (used, expired, the address changed or is confirmed already).
     */
    async tokenFor(linkId: string) {
      const link = await links.load(linkId);
      if (link?.kind !== 'email-confirmation') return null;
      const account = await queries.accountOf(link.userId);
      if (account?.status !== 'active' || isConfirmed(account)) return null;
      if (!confirmationWorks(link, account, clock())) return null;
      return {
        token: tokens.tokenOf(link.id),
        kind: link.kind,
        userId: link.userId,
        expiresAt: link.expiresAt,
      };
    },

    /**
     * Confirms the address through a link: the link is taken (single use), then the account is
     * confirmed with its event. Opening a used link again, once the address is confirmed, says so
     * rather than calling the link invalid.
     */
    async confirm(token: string): Promise<{ alreadyConfirmed: boolean }> {
      const { link, account } = await named(token);
      if (link.usedAt && isConfirmed(account) && link.email === account.email)
        return { alreadyConfirmed: true };
      if (!confirmationWorks(link, account, clock())) throw invalidLink();
      await takeLink(link.id, invalidLink, { links, clock });
      const changed = await accounts.change(account.userId, (current) => {
        if (current.userId !== link.userId) throw invalidLink();
        const at = clock();
        const next = withEmailConfirmed(current, at);
        if (!next) return { next: current, events: [] };
        const { userId, userType, status } = current;
        return { next, events: [userEmailConfirmed({ userId, userType, status, confirmedAt: at }, clock)] };
      });
      if (!changed) throw invalidLink();
      return { alreadyConfirmed: false };
    },
  };
}

export type EmailConfirmation = ReturnType<typeof createEmailConfirmation>;
