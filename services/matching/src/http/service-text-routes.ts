import { ZMatchRequestTexts } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { MatchRequests } from '../use-cases/match-requests';

const ZParams = z.object({
  id: z.uuid({ message: 'Not a match request id' }),
  eventId: z.uuid({ message: 'Not an event id' }),
});

/**
 * For the services that read the requests' events, with their service token only: the free text
 * of one event (`matchRequestTextsPath`). The events carry none, so that an erasure reaches it.
 */
export const serviceTextRoutes = ({ matchRequests }: { matchRequests: MatchRequests }) =>
  new Hono<AppEnv>().get('/match-requests/:id/events/:eventId', validate('param', ZParams), async (c) => {
    const { id, eventId } = c.req.valid('param');
    return c.json(ZMatchRequestTexts.parse(await matchRequests.textsOf(id, eventId)));
  });
