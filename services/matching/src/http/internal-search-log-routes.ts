import { paginate, ZInternalSearchLogPage, ZSearchLogQuery } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { EmployerDirectory } from '../domain/employer-directory';
import type { SearchLog } from '../use-cases/search-log';
import { toInternalSearchLogEntry } from './views';

/**
 * `/internal/search-log`, for the admin service only, with the admin's own token (checked by the
 * app): a page of the search log, newest first, by employer, candidate code and days.
 */
export function internalSearchLogRoutes({
  searchLog,
  directory,
}: {
  searchLog: Pick<SearchLog, 'page'>;
  directory: Pick<EmployerDirectory, 'isErased'>;
}) {
  return new Hono<AppEnv>().get('/', validate('query', ZSearchLogQuery), async (c) => {
    const query = c.req.valid('query');
    const { items, total } = await searchLog.page(query);
    return c.json(
      ZInternalSearchLogPage.parse({
        entries: items.map((entry) => toInternalSearchLogEntry(entry, directory)),
        pagination: paginate(total, query.page, query.limit),
      }),
    );
  });
}
