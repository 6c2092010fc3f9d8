import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoConfirmer } from './confirm';

/** A Mailpit whose inbox holds a welcome mail and, after the first search, the confirmation link. */
let searches = 0;
const server = createServer((request, response) => {
  const json = (body: unknown) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (request.url?.startsWith('/api/v1/search')) {
    searches += 1;
    return json({ messages: searches > 1 ? [{ ID: 'b' }, { ID: 'a' }] : [{ ID: 'a' }] });
  }
  if (request.url === '/api/v1/message/a') return json({ Text: 'Hello, nothing to open here' });
  if (request.url === '/api/v1/message/b')
    return json({ Text: 'Please open http://localhost:8080/confirm-email?token=link%2Eone.mac\n\nThanks' });
  response.writeHead(404).end();
});
let inbox = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  inbox = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the demo's confirmations", () => {
  it('wait for the link to arrive and open it through the API', async () => {
    const calls: unknown[] = [];
    const confirm = demoConfirmer({
      inbox,
      call: async (path, init) => {
        calls.push({ path, ...init });
        return { status: 200, body: {} };
      },
    });
    await confirm('demo.seeker1@meritmatch.local');
    expect(searches).toBe(2);
    expect(calls).toEqual([{ path: '/auth/confirm-email', body: { token: 'link.one.mac' } }]);
  });

  it('stop with the reason when the API refuses, or no mail comes', async () => {
    const refused = demoConfirmer({ inbox, call: async () => ({ status: 400, body: { code: 'X' } }) });
    await expect(refused('a@b.c')).rejects.toThrow(/confirming a@b.c failed: 400/);
    searches = -1000;
    const never = demoConfirmer({ inbox, call: async () => ({ status: 200, body: {} }), timeoutMs: 600 });
    await expect(never('a@b.c')).rejects.toThrow(/no confirmation e-mail reached a@b.c/);
  });
});
