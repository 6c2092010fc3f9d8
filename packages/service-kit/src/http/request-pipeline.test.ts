import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../core/logger';
import { metricsRegistry } from '../core/metrics';
import { currentContext } from '../core/request-context';
import { createServiceApp } from './app';

/** A service app with a plain read, a kept answer, a keyed write and a slow read (200 ms budget). */
function service() {
  const app = createServiceApp({
    service: 'pipeline-test',
    logger: createLogger('pipeline-test', 'silent'),
    requestBudgetMs: 200,
    maxBodyBytes: 1024,
  });
  app.get('/plain', (c) => c.json({ requestId: currentContext()?.requestId }));
  app.get('/kept', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'public, max-age=60' }));
  app.post('/things', async (c) =>
    c.json({ got: await c.req.json(), fingerprint: currentContext()?.fingerprint }),
  );
  // what the node adapter holds for the request once the route has read its body
  app.post('/adapter-request', async (c) =>
    c.json({ got: await c.req.json(), request: inspect(c.req.raw, { depth: 1 }) }),
  );
  app.get('/slow', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return c.json({ ok: true });
  });
  return app;
}

// on Node's server (as in production, where the default headers go onto the outgoing message)
// and through `app.request` (no Node server: they go through Hono's context)
const app = service();
let server: ServerType;
let base = '';
beforeAll(async () => {
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const ways = {
  'on a Node server': (path: string, init?: RequestInit) => fetch(`${base}${path}`, init),
  'through app.request': (path: string, init?: RequestInit) => Promise.resolve(app.request(path, init)),
};

describe.each(Object.entries(ways))('every answer of a service app, %s', (_, call) => {
  it('carries a new request id, the same the route reads, and is not kept', async () => {
    const answer = await call('/plain');
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await answer.json()).toEqual({ requestId: id });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it("keeps a caller's plain request id and replaces one that is not", async () => {
    const kept = await call('/plain', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc-123');
    const replaced = await call('/plain', { headers: { 'x-request-id': 'no spaces <here>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves a route its own Cache-Control', async () => {
    const answer = await call('/kept');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('refuses a body that is not JSON (415) or too large (413), with the request id and no-store', async () => {
    const text = await call('/things', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(text.headers.get('x-request-id')).toBeTruthy();
    expect(text.headers.get('cache-control')).toBe('no-store');
    const large = await call('/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(2000) }),
    });
    expect(large.status).toBe(413);
  });

  it('refuses a malformed idempotency key, and fingerprints a keyed command', async () => {
    const bad = await call('/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'short' },
      body: '{}',
    });
    expect(bad.status).toBe(400);
    const keyed = await call('/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'key-12345678' },
      body: '{"a":1}',
    });
    expect(await keyed.json()).toEqual({
      got: { a: 1 },
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('answers 503 at the deadline, and refuses a request whose deadline has passed', async () => {
    const started = Date.now();
    const slow = await call('/slow');
    expect(slow.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(800);
    expect(slow.headers.get('cache-control')).toBe('no-store');
    const late = await call('/plain', { headers: { 'x-request-deadline': String(Date.now() - 1000) } });
    expect(late.status).toBe(503);
  });
});

describe('a JSON write on a Node server', () => {
  const post = (
    path: string,
    body: string | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
  const chunked = (text: string) =>
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    });

  it('is read straight from the socket: the adapter never builds a web Request for it', async () => {
    const answer = await post('/adapter-request', JSON.stringify({ a: 1 }));
    const { got, request } = (await answer.json()) as { got: unknown; request: string };
    expect(got).toEqual({ a: 1 });
    // `hono/body-limit` read `c.req.raw.body`, which made the adapter build one (a third of the
    // gateway's CPU for a sign-in): the lightweight request then shows it as its native request
    expect(request).toContain('Request (lightweight)');
    expect(request).toMatch(/nativeRequest: undefined/);
  });

  it('is refused over the limit by its length, or as it streams in when it has none (413)', async () => {
    const large = JSON.stringify({ text: 'x'.repeat(2000) });
    const stated = await post('/things', large);
    expect(stated.status).toBe(413);
    expect(((await stated.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
    const streamed = await post('/things', chunked(large));
    expect(streamed.status).toBe(413);
    const small = await post('/things', chunked('{"b":2}'));
    expect(await small.json()).toEqual({ got: { b: 2 } });
    const atLimit = JSON.stringify({ text: 'y'.repeat(1024 - 11) });
    expect(atLimit).toHaveLength(1024);
    const accepted = await post('/things', atLimit);
    expect(accepted.status).toBe(200);
  });
});

describe('the request metrics', () => {
  it('count every answer by method, route pattern and status, refusals included', async () => {
    const count = async (pattern: RegExp) => Number(pattern.exec(await metricsRegistry.metrics())?.[1] ?? 0);
    const refused =
      /http_requests_total\{method="POST",route="\/things",status="415",service="pipeline-test"\} (\d+)/;
    const read =
      /http_requests_total\{method="GET",route="\/plain",status="200",service="pipeline-test"\} (\d+)/;
    const [refusedBefore, readBefore] = [await count(refused), await count(read)];
    await fetch(`${base}/things`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    await fetch(`${base}/plain`);
    expect(await count(refused)).toBe(refusedBefore + 1);
    expect(await count(read)).toBe(readBefore + 1);
  });
});
