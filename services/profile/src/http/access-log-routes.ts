import { ZAccessLogQuery, ZAccessRecordPage, ZJobSeekerAccessLogAnswer } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { AccessLog } from '../use-cases/access-log';
import { toAccessRecord, toJobSeekerAccessEntry } from './access-log-view';

/** `GET /api/job-seeker/access-log`: who viewed the job seeker's own details (the role is checked before). */
export function jobSeekerAccessLogRoutes(accessLog: AccessLog) {
  return new Hono<AppEnv>().get('/access-log', validate('query', ZAccessLogQuery), async (c) => {
    const page = await accessLog.forJobSeeker(c.get('identity').userId, c.req.valid('query'));
    c.header('Cache-Control', 'no-store');
    // strict: an admin's id or any other field cannot slip into the job seeker's answer
    return c.json(
      ZJobSeekerAccessLogAnswer.parse({
        entries: page.entries.map(toJobSeekerAccessEntry),
        pagination: page.pagination,
      }),
    );
  });
}

/** `GET /internal/access-log`: every recorded read, for the admin service (the admin role is checked before). */
export function internalAccessLogRoutes(accessLog: AccessLog) {
  return new Hono<AppEnv>().get('/', validate('query', ZAccessLogQuery), async (c) => {
    const page = await accessLog.forAdmins(c.req.valid('query'));
    return c.json(
      ZAccessRecordPage.parse({ entries: page.entries.map(toAccessRecord), pagination: page.pagination }),
    );
  });
}
