import {
  type AccessFor,
  type AccessReason,
  erasureMessages,
  idParam,
  type UserRecord,
  userManagementReason,
  userTypes,
  ZAccessReasonQuery,
  ZErasureStarted,
  ZErasuresAnswer,
  ZInternalUsersQuery,
  ZUserCounts,
  ZUserLookup,
  ZUserRecord,
  ZUserRecords,
  ZUserStatusChange,
} from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { type Context, Hono } from 'hono';
import type { User } from '../domain/account';
import type { Accounts } from '../use-cases/accounts';
import type { EmailReadLog } from '../use-cases/email-reads';
import type { Erasures } from '../use-cases/erasures';

export const toUserRecord = (user: User): UserRecord => ({
  id: user.userId,
  email: user.email,
  user_type: user.userType,
  status: user.status,
  created_at: user.createdAt.toISOString(),
  email_confirmed: user.emailConfirmed,
});

const ZUserId = idParam('user');

/**
 * For the admin service only (never routed by the gateway): the caller's admin token is checked here too.
 * Every answer that holds a job seeker's e-mail is recorded first (who, whose, when, why).
 */
export function internalUserRoutes({
  accounts,
  emailReads,
  erasures,
}: {
  accounts: Pick<Accounts, 'list' | 'lookup' | 'get' | 'changeStatus'>;
  emailReads: EmailReadLog;
  erasures: Pick<Erasures, 'startByAdmin'>;
}) {
  const answer = async (
    c: Context<AppEnv>,
    users: User[],
    reason: AccessReason,
    reasons: readonly AccessFor[] = [],
  ) => {
    await emailReads.record(c.get('identity').userId, users, reasons, reason);
    return users.map(toUserRecord);
  };
  return (
    new Hono<AppEnv>()
      .get('/', validate('query', ZInternalUsersQuery), async (c) => {
        const { userType, includeDeleted, reason } = c.req.valid('query');
        const users = (await accounts.list()).filter(
          (user) =>
            (userType === 'all' || user.userType === userType) &&
            (includeDeleted || user.status !== 'deleted'),
        );
        return c.json(ZUserRecords.parse({ users: await answer(c, users, reason) }));
      })
      .get('/counts', async (c) => {
        const live = (await accounts.list()).filter((user) => user.status !== 'deleted');
        const counts = Object.fromEntries(
          userTypes.map((type) => [type, live.filter((user) => user.userType === type).length]),
        );
        return c.json(ZUserCounts.parse({ counts }));
      })
      .post('/lookup', validate('json', ZUserLookup), async (c) => {
        const { ids, reasons } = c.req.valid('json');
        const users = await accounts.lookup(ids);
        return c.json(ZUserRecords.parse({ users: await answer(c, users, userManagementReason, reasons) }));
      })
      .get('/:id', validate('param', ZUserId), validate('query', ZAccessReasonQuery), async (c) => {
        const user = await accounts.get(c.req.valid('param').id);
        const [record] = await answer(c, [user], c.req.valid('query').reason);
        return c.json(ZUserRecord.parse(record));
      })
      .put(
        '/:id/status',
        validate('param', ZUserId),
        validate('query', ZAccessReasonQuery),
        validate('json', ZUserStatusChange),
        async (c) => {
          const user = await accounts.changeStatus(c.req.valid('param').id, c.req.valid('json').status);
          const [record] = await answer(c, [user], c.req.valid('query').reason);
          return c.json(ZUserRecord.parse(record));
        },
      )
      /** An admin starts an erasure asked for by other means (not User Management's reversible "delete"). */
      .post('/:id/erasure', validate('param', ZUserId), async (c) => {
        const erasure = await erasures.startByAdmin(c.req.valid('param').id, c.get('identity').userId);
        return c.json(ZErasureStarted.parse({ message: erasureMessages.adminStarted, erasure }), 202);
      })
  );
}

/** For the admin service only: the erasures, unfinished first, for the "Leaving" view. */
export const internalErasureRoutes = ({ erasures }: { erasures: Pick<Erasures, 'list'> }) =>
  new Hono<AppEnv>().get('/', async (c) =>
    c.json(ZErasuresAnswer.parse({ erasures: await erasures.list() })),
  );
