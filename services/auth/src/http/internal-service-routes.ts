import {
  idParam,
  ZAccountLinkAnswer,
  ZEmailChangeAnswer,
  ZServiceTokenAnswer,
  ZServiceTokenRequest,
  ZUserLookup,
  ZUserRecords,
} from '@meritmatch/contracts';
import { type AppEnv, notFound, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { Accounts } from '../use-cases/accounts';
import type { EmailChange } from '../use-cases/email-change';
import type { EmailConfirmation } from '../use-cases/email-confirmation';
import type { PasswordReset } from '../use-cases/password-reset';
import type { ServiceAccounts } from '../use-cases/service-accounts';
import { toUserRecord } from './internal-user-routes';

/**
 * `POST /internal/service-tokens`: a service of the product shows its name and secret and gets a
 * short-lived token with role `service`. Never routed by the gateway; the secret is the credential.
 */
export const serviceTokenRoutes = ({ serviceAccounts }: { serviceAccounts: ServiceAccounts }) =>
  new Hono<AppEnv>().post('/', validate('json', ZServiceTokenRequest), async (c) =>
    c.json(ZServiceTokenAnswer.parse(await serviceAccounts.issueToken(c.req.valid('json')))),
  );

/**
 * `/internal/service/users/lookup`, for service tokens only (the notifications service): the
 * e-mail, type and status of the users it writes to. Nothing else of the accounts is open to it.
 */
export const serviceUserRoutes = ({ accounts }: { accounts: Accounts }) =>
  new Hono<AppEnv>().post('/lookup', validate('json', ZUserLookup), async (c) => {
    const users = await accounts.lookup(c.req.valid('json').ids);
    return c.json(ZUserRecords.parse({ users: users.map(toUserRecord) }));
  });

/**
 * `/internal/service/account-links/:id`, for service tokens only (the notifications service, as
 * it sends a reset or confirmation e-mail): the link's token while the link works, 404 otherwise. The token is
 * made again from the link's id (link-tokens.ts): the database holds only its hash.
 */
export const serviceAccountLinkRoutes = ({
  passwordReset,
  confirmation,
  emailChange,
}: {
  passwordReset: PasswordReset;
  confirmation: EmailConfirmation;
  emailChange: EmailChange;
}) =>
  new Hono<AppEnv>().get('/:id', validate('param', idParam('link')), async (c) => {
    const { id } = c.req.valid('param');
    // each answers only for its own kind of link
    const link =
      (await passwordReset.tokenFor(id)) ??
      (await confirmation.tokenFor(id)) ??
      (await emailChange.tokenFor(id));
    if (!link) throw notFound('This link is not valid any more');
    return c.json(
      ZAccountLinkAnswer.parse({
        token: link.token,
        kind: link.kind,
        userId: link.userId,
        expiresAt: link.expiresAt.toISOString(),
        ...('sendTo' in link ? { sendTo: link.sendTo } : {}),
      }),
    );
  });

/**
 * `/internal/service/email-changes/:linkId`, for service tokens only (the notifications service,
 * as it tells the old address of a change): the address the account had before the change that
 * link made, for a week after it; 404 otherwise.
 */
export const serviceEmailChangeRoutes = ({ emailChange }: { emailChange: EmailChange }) =>
  new Hono<AppEnv>().get('/:id', validate('param', idParam('link')), async (c) => {
    const change = await emailChange.previousEmail(c.req.valid('param').id);
    if (!change) throw notFound('No such change of address');
    return c.json(ZEmailChangeAnswer.parse(change));
  });
