import { randomUUID } from 'node:crypto';

// biome-ignore lint/suspicious/noExplicitAny: the demo reads answers loosely; the services validate everything
export type Answer = { status: number; body: any };

/** Answers a busy service gives while it may still apply the write: sent again with the same key. */
const retriedStatuses = new Set([502, 503, 504]);

/**
 * The demo's HTTP client for the public API, as the web app calls it: a write carries an
 * idempotency key and is sent again with it while a busy service answers 502-504 (about 40 s);
 * a rate limit stops the seeder with what to do. (testkit's client is for tests: testkit depends
 * on this package, and the demo runs under `npm start` without the test packages.)
 */
export function demoClient(api: string) {
  return async (
    path: string,
    init: { method?: string; body?: unknown; token?: string } = {},
  ): Promise<Answer> => {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    // as the web app does: a write carries a key, so sending it again never applies it twice
    if (method !== 'GET') headers['idempotency-key'] = randomUUID();
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${api}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (response.status === 429) {
        throw new Error(
          `the gateway's rate limits stopped the seeder at ${path} (retry after ${response.headers.get('retry-after')} s): ` +
            'seed with `npm start -- --demo`, which raises them while it seeds, or start with RATE_LIMIT_MULTIPLIER=100',
        );
      }
      const text = await response.text();
      if (retriedStatuses.has(response.status) && attempt < 12) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(4000, 250 * 2 ** attempt)));
        continue;
      }
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    }
  };
}
