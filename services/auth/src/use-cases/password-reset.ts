import { DomainError, decidedEveryTime } from '@meritmatch/service-kit';
import { isConfirmed, withNewPassword } from '../domain/account';
import { isCommonPassword } from '../domain/passwords-common';
import { passwordResetRequested } from '../messaging/account-notices';
import { userSessionsEnded } from '../messaging/user-events';
import {
  type AccountLinkDeps,
  giveLinkBack,
  linkOfKind,
  linkWorks,
  newLink,
  takeLink,
  withLinkDefaults,
} from './account-link';
import { accountKey } from './accounts';

const invalidLink = () => new DomainError('reset.invalid-link');

class LinkIdTaken extends Error {}

/**
 * Forgot password: a link to the account's address, then a new password
 * through it. A link is single use, works 30 minutes, and only a hash of its token is stored;
 * using it ends every session of the account, and the person is told.
 */
export function createPasswordReset(deps: AccountLinkDeps) {
  const { accounts, queries, links, tokens, passwords, clock, newId } = withLinkDefaults(deps);
  /** The link a token names, with its account, while the link still works; refused otherwise. */
  async function working(token: string) {
    const found = await linkOfKind('password-reset', token, { tokens, links });
    if (!found?.matches) throw invalidLink();
    const { link } = found;
    const account = await queries.accountOf(link.userId);
    if (account?.status !== 'active' || !linkWorks(link, account, clock())) throw invalidLink();
    return { link, account };
  }

  return {
    /**
     * Makes a link for the active account of this address, and does nothing for any other
     * address: the caller answers the same either way (the route also takes the same time).
     */
    async request(email: string): Promise<void> {
      const account = await queries.byEmail(accountKey(email));
      if (account?.status !== 'active') return;
      const link = newLink('password-reset', account, newId(), tokens, clock());
      await links.create(link, [passwordResetRequested(link, clock)], () => new LinkIdTaken());
    },

    /** The token of a link that still works, for the notifications service to send; null otherwise. */
    async tokenFor(linkId: string) {
      const link = await links.load(linkId);
      if (link?.kind !== 'password-reset') return null;
      const token = tokens.tokenOf(link.id);
      try {
        await working(token);
      } catch {
        return null;
      }
      return { token, kind: link.kind, userId: link.userId, expiresAt: link.expiresAt };
    },

    /**
     * Sets the new password through a link: the link is taken first (single use), then the
     * password changes with every session of the account ended, in one write with its event
     * (every process refuses the older tokens, and the notifications service says the password
     * was changed). A change that fails gives the link back.
     */
    async reset(token: string, password: string): Promise<{ email: string }> {
      const { link, account } = await working(token);
      if (isCommonPassword(password)) throw new DomainError('password.common');
      const passwordHash = await passwords.hash(password);
      await takeLink(link.id, invalidLink, { links, clock });
      try {
        const changed = await accounts.change(account.userId, (current) => {
          const at = clock();
          return {
            next: withNewPassword(current, passwordHash, at),
            events: [
              userSessionsEnded(
                {
                  userId: current.userId,
                  userType: current.userType,
                  status: current.status,
                  endedAt: at,
                  reason: 'password-reset',
                  emailConfirmed: isConfirmed(current),
                },
                clock,
              ),
            ],
          };
        });
        if (!changed) throw invalidLink();
        return { email: changed.state.email };
      } catch (error) {
        // without the request's idempotency key: with it, the store would take this second change
        // of the link for a replay of the first and leave the link used
        await decidedEveryTime(() => giveLinkBack(link.id, links)).catch(() => undefined);
        throw error;
      }
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
