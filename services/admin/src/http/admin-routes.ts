import {
  contactLogMessages,
  idParam,
  ZAccessLogQuery,
  ZAdminCandidateQuery,
  ZAdminDecision,
  ZContactLogFilter,
  ZContactLogInput,
  ZContactLogQuery,
  ZRequestQueueQuery,
  ZSearchLogQuery,
  ZUserStatusChange,
  ZUsersQuery,
  ZVerificationChange,
} from '@meritmatch/contracts';
import { type AppEnv, type Clock, streamedBody, validate } from '@meritmatch/service-kit';
import { type Context, Hono } from 'hono';
import type { Owners } from '../clients/owners';
import type { CandidateCodes } from '../data/candidate-codes';
import type { ContactLogRepository } from '../data/contact-logs';
import type { EmployerDirectory } from '../data/employer-directory';
import { readAccessLog } from '../use-cases/access-log';
import { createAdminEmails, createManualEntries, readContactLogPage } from '../use-cases/contact-log';
import { contactLogCsv, exportFileName } from '../use-cases/contact-log-export';
import type { RequestViews } from '../use-cases/requests';
import type { SearchLogViews } from '../use-cases/search-log';
import type { UserViews } from '../use-cases/users';

const ZRequestId = idParam('request');
const ZCandidateId = idParam('candidate');
const ZUserId = idParam('user');
const ZEmployerId = idParam('employer');
const token = (c: Context<AppEnv>) => c.get('bearerToken');

export type AdminRouteDeps = {
  requests: RequestViews;
  users: UserViews;
  searchLog: SearchLogViews;
  contactLogs: ContactLogRepository;
  candidateCodes: Pick<CandidateCodes, 'candidateOf' | 'codesOf'>;
  directory: Pick<EmployerDirectory, 'findMany'>;
  owners: Owners;
  clock: Clock;
};

/** `/api/admin/*`: the role is checked before these routes; every owner checks the admin's token again. */
export function adminRoutes({
  requests,
  users,
  searchLog,
  contactLogs,
  candidateCodes,
  directory,
  owners,
  clock,
}: AdminRouteDeps) {
  const adminEmails = createAdminEmails(owners);
  const logReads = { contactLogs, adminEmails, directory, candidateCodes };
  const addEntry = createManualEntries({ contactLogs, owners, adminEmails, clock });
  return (
    new Hono<AppEnv>()
      .get('/stats', async (c) => c.json({ stats: await requests.stats(token(c)) }))

      .get('/requests', validate('query', ZRequestQueueQuery), async (c) =>
        c.json(await requests.queue(token(c), c.req.valid('query'))),
      )
      .put('/requests/:id', validate('param', ZRequestId), validate('json', ZAdminDecision), async (c) =>
        c.json(await requests.decide(token(c), c.req.valid('param').id, c.req.valid('json'))),
      )
      .get(
        '/candidate/:id',
        validate('param', ZCandidateId),
        validate('query', ZAdminCandidateQuery),
        async (c) =>
          c.json({
            candidate: await requests.candidate(
              token(c),
              c.req.valid('param').id,
              c.req.valid('query').requestId,
            ),
          }),
      )

      .get('/access-log', validate('query', ZAccessLogQuery), async (c) =>
        c.json(await readAccessLog(token(c), c.req.valid('query'), { owners, adminEmails })),
      )

      // every search and opened detail shown to an employer, from matching (its owner)
      .get('/search-log', validate('query', ZSearchLogQuery), async (c) =>
        c.json(await searchLog.page(token(c), c.req.valid('query'))),
      )

      .get('/contact-logs', validate('query', ZContactLogQuery), async (c) =>
        c.json(await readContactLogPage(token(c), c.req.valid('query'), logReads)),
      )
      // the whole filtered log, streamed as it is read: no cap on its size
      .get('/contact-logs/export', validate('query', ZContactLogFilter), (c) =>
        c.body(streamedBody(contactLogCsv(token(c), c.req.valid('query'), logReads)), 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${exportFileName(clock())}"`,
        }),
      )
      .post('/contact-log', validate('json', ZContactLogInput), async (c) => {
        const log = await addEntry(token(c), c.get('identity').userId, c.req.valid('json'));
        return c.json({ message: contactLogMessages.entryAdded, log }, 201);
      })

      .get('/users', validate('query', ZUsersQuery), async (c) =>
        c.json({ users: await users.list(token(c), c.req.valid('query')) }),
      )
      .get('/users/:id', validate('param', ZUserId), async (c) =>
        c.json({ user: await users.get(token(c), c.req.valid('param').id) }),
      )
      // an erasure for good (not the reversible "delete" above), for a request that arrived by other means
      .post('/users/:id/erasure', validate('param', ZUserId), async (c) =>
        c.json(await owners.erasures.start(token(c), c.req.valid('param').id), 202),
      )
      .get('/erasures', async (c) => c.json(await owners.erasures.list(token(c))))
      .put('/users/:id/status', validate('param', ZUserId), validate('json', ZUserStatusChange), async (c) =>
        c.json(await users.setStatus(token(c), c.req.valid('param').id, c.req.valid('json').status)),
      )
      .put(
        '/verify-employer/:id',
        validate('param', ZEmployerId),
        validate('json', ZVerificationChange),
        async (c) =>
          c.json(await users.verifyEmployer(token(c), c.req.valid('param').id, c.req.valid('json').verified)),
      )
  );
}
