import { idParam, ZMatchRequestTexts, ZSavedSearchName } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { MatchRequests } from '../use-cases/match-requests';
import type { SavedSearches } from '../use-cases/saved-searches';

const ZParams = z.object({
  id: z.uuid({ message: 'Not a match request id' }),
  eventId: z.uuid({ message: 'Not an event id' }),
});

/**
 * For the services that read matching's events, with their service token only: the free text
 * of one request event (`matchRequestTextsPath`), and a saved search's name for its digest
 * (`savedSearchNamePath`). The events carry none, so that an erasure reaches it.
 */
export const serviceTextRoutes = ({
  matchRequests,
  savedSearches,
}: {
  matchRequests: MatchRequests;
  savedSearches: SavedSearches;
}) =>
  new Hono<AppEnv>()
    .get('/match-requests/:id/events/:eventId', validate('param', ZParams), async (c) => {
      const { id, eventId } = c.req.valid('param');
      return c.json(ZMatchRequestTexts.parse(await matchRequests.textsOf(id, eventId)));
    })
    .get('/saved-searches/:id', validate('param', idParam('saved search')), async (c) =>
      c.json(ZSavedSearchName.parse({ name: await savedSearches.nameOf(c.req.valid('param').id) })),
    );
