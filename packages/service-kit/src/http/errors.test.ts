import { HTTPException } from 'hono/http-exception';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../core/logger';
import { createServiceApp } from './app';
import { ApiError, toApiError } from './errors';
import { validate } from './validation';

describe('the one error shape', () => {
  it('maps codes to statuses', () => {
    expect(new ApiError('CONFLICT', 'x').status).toBe(409);
    expect(new ApiError('RATE_LIMITED', 'x').status).toBe(429);
    expect(toApiError(new HTTPException(413)).code).toBe('PAYLOAD_TOO_LARGE');
    expect(toApiError(new Error('secret detail')).toBody()).toEqual({
      message: 'Something went wrong on our side',
      code: 'INTERNAL',
    });
  });

  it('answers 503 for a database that did not carry the work out: timed out, or locked by other writers', () => {
    const serverError = (message: string) => Object.assign(new Error(message), { name: 'MongoServerError' });
    expect(toApiError(serverError('context interrupted')).status).toBe(503);
    expect(
      toApiError(
        serverError(
          '[collection.go:135 sqlite.(*collection).InsertAll.func1] database is locked (5) (SQLITE_BUSY)',
        ),
      ).status,
    ).toBe(503);
    expect(
      toApiError(
        serverError(
          '[msg_insert.go:168 handler.(*Handler).MsgInsert] [collection.go:135 sqlite.(*collection).InsertAll.func1] database is locked (517)',
        ),
      ).status,
    ).toBe(503);
    expect(toApiError(serverError('E11000 duplicate key')).status).toBe(500);
  });

  it('answers validation failures, unknown routes and crashes without leaking internals', async () => {
    const app = createServiceApp({ service: 'test', logger: createLogger('test', 'silent') });
    app.post(
      '/things',
      validate('json', z.strictObject({ name: z.string({ message: 'Name is required' }) })),
      (c) => c.json(c.req.valid('json')),
    );
    app.get('/boom', () => {
      throw new Error('database password is hunter2');
    });
    const post = (body: string, type = 'application/json') =>
      app.request('/things', { method: 'POST', body, headers: { 'content-type': type } });

    expect(await (await post('{"name": 1}')).json()).toEqual({
      message: 'Name is required',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'name', message: 'Name is required' }],
    });
    expect((await post('{"name": "a", "extra": 1}')).status).toBe(400);
    expect(await (await post('{"name":')).json()).toMatchObject({ code: 'MALFORMED_JSON' });
    expect((await post('name=a', 'text/plain')).status).toBe(415);
    expect(await (await app.request('/nowhere')).json()).toEqual({
      message: 'No route for GET /nowhere',
      code: 'NOT_FOUND',
    });
    const boom = await app.request('/boom');
    expect(boom.status).toBe(500);
    expect(await boom.text()).not.toContain('hunter2');
  });
});

describe('the request log line', () => {
  it('says why a request failed on our side (the code and our message), and nothing for a refusal', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const app = createServiceApp({ service: 'test', logger });
    app.get('/busy', () => {
      throw new ApiError('SERVICE_UNAVAILABLE', 'This record is busy with another change; please try again');
    });
    app.get('/boom', () => {
      throw new Error('database password is hunter2');
    });
    app.get('/refused', () => {
      throw new ApiError('CONFLICT', 'Already decided');
    });
    for (const path of ['/busy', '/boom', '/refused']) await app.request(path);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map(({ path, status, failure }) => ({ path, status, failure }))).toEqual([
      {
        path: '/busy',
        status: 503,
        failure: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'This record is busy with another change; please try again',
        },
      },
      {
        path: '/boom',
        status: 500,
        failure: { code: 'INTERNAL', message: 'Something went wrong on our side' },
      },
      { path: '/refused', status: 409, failure: undefined },
    ]);
    expect(JSON.stringify(requests)).not.toContain('hunter2');
    // each line names its request, and so does the error logged for the failure on our side
    for (const line of requests) expect(line.requestId).toEqual(expect.any(String));
    const failure = lines.find((line) => line.msg !== 'request' && line.level === 50);
    expect(failure?.requestId).toBe(requests[1]!.requestId);
  });
});
