import { idParam, positionMessages, ZPositionInput } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Positions } from '../use-cases/positions';
import { toPosition } from './views';

const ZPositionId = idParam('position');

/**
 * `/api/employer/positions`: the employer's own positions. Every call names the
 * employer by its token: another employer's position is not found, whatever its id.
 */
export function positionRoutes({
  positions,
  verified,
}: {
  positions: Positions;
  verified: MiddlewareHandler<AppEnv>;
}) {
  const me = (c: { get: (key: 'identity') => { userId: string } }) => c.get('identity').userId;
  return new Hono<AppEnv>()
    .use('*', verified)
    .get('/', async (c) => c.json({ positions: (await positions.list(me(c))).map(toPosition) }))
    .post('/', validate('json', ZPositionInput), async (c) =>
      c.json(
        {
          message: positionMessages.created,
          position: toPosition(await positions.create(me(c), c.req.valid('json'))),
        },
        201,
      ),
    )
    .put('/:id', validate('param', ZPositionId), validate('json', ZPositionInput), async (c) =>
      c.json({
        message: positionMessages.updated,
        position: toPosition(await positions.update(me(c), c.req.valid('param').id, c.req.valid('json'))),
      }),
    )
    .post('/:id/close', validate('param', ZPositionId), async (c) =>
      c.json({
        message: positionMessages.closed,
        position: toPosition(await positions.close(me(c), c.req.valid('param').id)),
      }),
    )
    .post('/:id/reopen', validate('param', ZPositionId), async (c) =>
      c.json({
        message: positionMessages.reopened,
        position: toPosition(await positions.reopen(me(c), c.req.valid('param').id)),
      }),
    );
}
