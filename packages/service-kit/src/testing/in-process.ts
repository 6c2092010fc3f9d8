import type { call, JsonAnswer } from '@meritmatch/testkit';

/** Anything that answers a Request as a Hono app does (`app.request`). */
type Answers = { request: (path: string, init: RequestInit) => Response | Promise<Response> };

/** What a call sends, as testkit's `call` takes it. */
export type CallInit = NonNullable<Parameters<typeof call>[1]>;

/**
 * A call to an app run in process, answered in the shape of testkit's `call` (status, headers,
 * the body parsed when it is JSON, the text), so a route test reads the same either way.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely; contracts check them where it matters
export async function callApp<T = any>(
  app: Answers,
  path: string,
  init: CallInit = {},
): Promise<JsonAnswer<T>> {
  const sent = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const response = await app.request(path, {
    method: init.method ?? (sent === undefined ? 'GET' : 'POST'),
    headers: {
      ...(sent === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: sent ?? null,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: parsedOrText(text) as T, text };
}

function parsedOrText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
