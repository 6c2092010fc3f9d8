import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** Anything that answers a fetch Request, as a Hono app does. */
type Fetches = { fetch: (request: Request, ...rest: never[]) => Response | Promise<Response> };

/**
 * An app served in this process on a free port of 127.0.0.1, as `runService` serves it: for tests
 * whose app reads the socket (the caller's address) or calls others over HTTP. Answers its URL.
 */
export async function serveApp(app: Fetches) {
  const server = serve({ fetch: app.fetch as never, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
