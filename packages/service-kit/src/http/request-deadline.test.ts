import { describe, expect, it } from 'vitest';
import { createLogger } from '../core/logger';
import { trackWrite } from '../core/request-context';
import { createServiceApp } from './app';
import { ApiError } from './errors';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A service whose routes write (or not) and then wait or fail, with a 200 ms budget. */
function service() {
  const app = createServiceApp({
    service: 'deadline-test',
    logger: createLogger('deadline-test', 'silent'),
    requestBudgetMs: 200,
  });
  app.post('/slow-read', async (c) => {
    await sleep(1000);
    return c.json({ ok: true });
  });
  app.post('/write-then-slow', async (c) => {
    await trackWrite(async () => 'applied');
    // e.g. a lease released after the write, on a database that just stalled
    await sleep(1000);
    return c.json({ ok: true });
  });
  app.post('/write-then-unavailable', async () => {
    await trackWrite(async () => 'applied');
    throw new ApiError('SERVICE_UNAVAILABLE', 'The database is unavailable; please try again');
  });
  app.post('/refused-before-writing', async () => {
    throw new ApiError('SERVICE_UNAVAILABLE', 'The database is unavailable; please try again');
  });
  return app;
}

const post = async (path: string) => {
  const response = await service().request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return {
    status: response.status,
    body: (await response.json()) as { details?: { path: string; message: string }[] },
  };
};

describe('the request deadline', () => {
  it('answers "not carried out" when no write was sent', async () => {
    const answer = await post('/slow-read');
    expect(answer.status).toBe(503);
    expect(answer.body.details).toEqual([{ path: 'deadline', message: 'exceeded' }]);
  });

  it('answers "not confirmed" once a write was sent, even if its own answer came before the deadline', async () => {
    const answer = await post('/write-then-slow');
    expect(answer.status).toBe(503);
    expect(answer.body.details).toEqual([{ path: 'outcome', message: 'unknown' }]);
  });

  it('turns a failure of the service after a write into "not confirmed", never a plain failure', async () => {
    const answer = await post('/write-then-unavailable');
    expect(answer.status).toBe(503);
    expect(answer.body.details).toEqual([{ path: 'outcome', message: 'unknown' }]);
  });

  it('keeps a failure before any write as it is', async () => {
    const answer = await post('/refused-before-writing');
    expect(answer.status).toBe(503);
    expect(answer.body.details).toBeUndefined();
  });
});
