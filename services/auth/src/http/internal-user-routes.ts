import {
  idParam,
  type UserRecord,
  ZUserLookup,
  ZUserRecord,
  ZUserRecords,
  ZUserStatusChange,
} from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { User } from '../domain/account';
import type { Accounts } from '../domain/accounts';

export const toUserRecord = (user: User): UserRecord => ({
  id: user.userId,
  email: user.email,
  user_type: user.userType,
  status: user.status,
  created_at: user.createdAt.toISOString(),
});

const ZUserId = idParam('User not found');

/** For the admin service only (never routed by the gateway): the caller's admin token is checked here too. */
export function internalUserRoutes({ accounts }: { accounts: Accounts }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(ZUserRecords.parse({ users: (await accounts.list()).map(toUserRecord) })))
    .post('/lookup', validate('json', ZUserLookup), async (c) => {
      const wanted = new Set(c.req.valid('json').ids);
      const users = (await accounts.list()).filter((user) => wanted.has(user.userId));
      return c.json(ZUserRecords.parse({ users: users.map(toUserRecord) }));
    })
    .get('/:id', validate('param', ZUserId), async (c) =>
      c.json(ZUserRecord.parse(toUserRecord(await accounts.get(c.req.valid('param').id)))),
    )
    .put('/:id/status', validate('param', ZUserId), validate('json', ZUserStatusChange), async (c) => {
      const user = await accounts.changeStatus(c.req.valid('param').id, c.req.valid('json').status);
      return c.json(ZUserRecord.parse(toUserRecord(user)));
    });
}
