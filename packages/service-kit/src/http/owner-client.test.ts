import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deadlineHeader, idempotencyHeader, requestIdHeader, runWithContext } from '../core/request-context';
import { createOwnerClient } from './owner-client';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/** A real owner on a free port: each test sets what it answers and reads what it was sent. */
let server: Server;
let baseUrl: string;
let answer: (response: ServerResponse) => void = (response) => response.end();
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (status: number, body: unknown) => (response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const ZAnswer = z.object({ ok: z.boolean() });

describe('owner client', () => {
  it("sends the caller's token, request id, deadline and idempotency key, and checks the answer", async () => {
    answer = json(200, { ok: true });
    const call = createOwnerClient({ name: 'profile', baseUrl });
    const deadline = Date.now() + 5000;
    const result = await runWithContext({ requestId: 'req-1', deadline, idempotencyKey: 'key-1' }, () =>
      call('/internal/things', { token: 'a.b.c', body: { name: 'x' }, schema: ZAnswer }),
    );
    expect(result).toEqual({ ok: true });
    const sent = seen.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/internal/things', body: '{"name":"x"}' });
    expect(sent.headers).toMatchObject({
      authorization: 'Bearer a.b.c',
      [requestIdHeader]: 'req-1',
      [idempotencyHeader]: 'key-1',
      'content-type': 'application/json',
    });
    // the owner gives up before its caller does
    expect(Number(sent.headers[deadlineHeader])).toBeLessThan(deadline);
  });

  it("passes the owner's error on as it is, and refuses an answer of another shape", async () => {
    const call = createOwnerClient({ name: 'profile', baseUrl });
    answer = json(404, { code: 'NOT_FOUND', message: 'No such job seeker' });
    await expect(call('/internal/x', { token: 't', schema: ZAnswer })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No such job seeker',
    });
    answer = json(200, { unexpected: 1 });
    await expect(call('/internal/x', { token: 't', schema: ZAnswer })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: 'The profile service sent an unexpected answer',
    });
  });

  it('answers 503 naming the owner when it cannot be reached or does not answer in time', async () => {
    const closed = createOwnerClient({ name: 'auth', baseUrl: 'http://127.0.0.1:1' });
    await expect(closed('/internal/x', { token: 't', schema: ZAnswer })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The auth service is unavailable; please try again shortly',
    });
    answer = () => {};
    const slow = createOwnerClient({ name: 'auth', baseUrl, timeoutMs: 300 });
    await expect(slow('/internal/x', { token: 't', schema: ZAnswer })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The auth service did not answer in time; please try again',
    });
    // a write that got no answer may have been applied: never a plain failure
    await expect(
      slow('/internal/x', { token: 't', method: 'PUT', body: {}, schema: ZAnswer }),
    ).rejects.toMatchObject({ details: [{ path: 'outcome', message: 'unknown' }] });
  });
});
