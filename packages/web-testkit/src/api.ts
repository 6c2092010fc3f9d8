import { type DefaultBodyType, HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/** Where the components under test find the API: the fake one below answers there. */
export const apiBaseUrl = 'http://api.test/api';

/** The fake API at the network layer; each test says what it answers with `answer`. */
export const server = setupServer();

type Method = 'get' | 'post' | 'put' | 'delete';

export type Call = { method: string; path: string; query: URLSearchParams; body: DefaultBodyType };

/**
 * `answer('get', '/admin/stats', { stats })`: the next calls to that route get this JSON
 * (status 200 unless told). Returns the calls it received, with their bodies, so a test
 * can check what a screen sent.
 */
export function answer(
  method: Method,
  path: string,
  body: JsonBodyType | ((call: Call) => JsonBodyType),
  { status = 200, wait }: { status?: number; wait?: Promise<unknown> } = {},
): Call[] {
  const calls: Call[] = [];
  server.use(
    http[method](`${apiBaseUrl}${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const text = method === 'get' ? '' : await request.text();
      const call = {
        method: request.method,
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: text ? (JSON.parse(text) as DefaultBodyType) : undefined,
      };
      calls.push(call);
      if (wait) await wait;
      return HttpResponse.json(typeof body === 'function' ? body(call) : body, { status });
    }),
  );
  return calls;
}

/** An error answer in the product's one shape. */
export const failure = (message: string, code = 'BAD_REQUEST') => ({ message, code });

/** A promise a test resolves when it has looked at the loading state. */
export function gate() {
  let open: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}
