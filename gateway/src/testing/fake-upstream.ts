import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake service received. */
export type Seen = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

/**
 * What a fake service answers: a status and a JSON body, an answer it writes itself (`write`, e.g.
 * a body in parts), or nothing (undefined: its own 404).
 */
export type Reply =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { write: (response: ServerResponse) => Promise<void> }
  | undefined;

/**
 * A service as the gateway meets it, served on a free port of this process: `/health` answers,
 * every other call is recorded and answered by `handle` (by default the kit's JSON 404). It can be
 * frozen (it holds every call, `/health` too, as a stopped process does) and thawed, or taken down
 * (nothing listens: connections are refused) and brought up again on the same port.
 */
export async function fakeUpstream(handle: (seen: Seen) => Reply | Promise<Reply> = () => undefined) {
  const seen: Seen[] = [];
  const held: Array<() => void> = [];
  let frozen = false;
  const answer = async (call: Seen, response: ServerResponse) => {
    if (call.path === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    seen.push(call);
    const reply = (await handle(call)) ?? {
      status: 404,
      body: { message: `No route for ${call.method} ${call.path.split('?')[0]}`, code: 'NOT_FOUND' },
    };
    if ('write' in reply) {
      await reply.write(response);
      return;
    }
    response
      .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
      .end(JSON.stringify(reply.body));
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      const go = () => void answer(call, response);
      if (frozen) held.push(go);
      else go();
    });
  });
  const listen = (port = 0) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen();
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    /** Holds every call from now on, unanswered. */
    freeze() {
      frozen = true;
    },
    /** Answers the calls held, and the next ones at once. */
    thaw() {
      frozen = false;
      for (const go of held.splice(0)) go();
    },
    /** Stops listening: the service is down. */
    down: close,
    /** Listens again on the same port. */
    up: () => listen(port),
    close,
  };
}

export type FakeUpstream = Awaited<ReturnType<typeof fakeUpstream>>;
