import { idParam, savedSearchMessages, ZSavedSearchChange, ZSavedSearchInput } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Positions } from '../use-cases/positions';
import type { SavedSearches } from '../use-cases/saved-searches';
import { toSavedSearch } from './views';

const ZSearchId = idParam('saved search');

/** `/api/employer/saved-searches`: the employer's own saved searches and their daily e-mail. */
export function savedSearchRoutes({
  savedSearches,
  positions,
  verified,
}: {
  savedSearches: SavedSearches;
  positions: Positions;
  verified: MiddlewareHandler<AppEnv>;
}) {
  const me = (c: { get: (key: 'identity') => { userId: string } }) => c.get('identity').userId;
  /** Each search with the title its position has now. */
  const shown = async (employerId: string, searches: Awaited<ReturnType<SavedSearches['list']>>) => {
    const titles = new Map(
      (await positions.list(employerId)).map((position) => [position.id, position.title]),
    );
    return searches.map((search) => toSavedSearch(search, titles));
  };
  return new Hono<AppEnv>()
    .use('*', verified)
    .get('/', async (c) => c.json({ searches: await shown(me(c), await savedSearches.list(me(c))) }))
    .post('/', validate('json', ZSavedSearchInput), async (c) => {
      const input = c.req.valid('json');
      const [search] = await shown(me(c), [await savedSearches.save(me(c), input)]);
      const message = input.digest ? savedSearchMessages.savedWithDigest : savedSearchMessages.saved;
      return c.json({ message, search }, 201);
    })
    .put('/:id', validate('param', ZSearchId), validate('json', ZSavedSearchChange), async (c) => {
      const changed = await savedSearches.change(me(c), c.req.valid('param').id, c.req.valid('json'));
      const [search] = await shown(me(c), [changed]);
      return c.json({ message: savedSearchMessages.updated, search });
    })
    .delete('/:id', validate('param', ZSearchId), async (c) => {
      await savedSearches.remove(me(c), c.req.valid('param').id);
      return c.json({ message: savedSearchMessages.deleted });
    });
}
