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
      const call = await record(request, calls);
      if (wait) await wait;
      return HttpResponse.json(typeof body === 'function' ? body(call) : body, { status });
    }),
  );
  return calls;
}

/**
 * `answerFile('/admin/contact-logs/export', { body: csv, type: 'text/csv', fileName: 'log.csv' })`:
 * the next reads of that route get this file (status 200), named in its Content-Disposition
 * when `fileName` is given. Returns the calls it received, as `answer` does.
 */
export function answerFile(
  path: string,
  {
    body,
    type = 'application/octet-stream',
    fileName,
    wait,
  }: { body: string; type?: string; fileName?: string; wait?: Promise<unknown> },
): Call[] {
  const calls: Call[] = [];
  server.use(
    http.get(`${apiBaseUrl}${path}`, async ({ request }) => {
      await record(request, calls);
      if (wait) await wait;
      const headers: Record<string, string> = { 'Content-Type': type };
      if (fileName) headers['Content-Disposition'] = `attachment; filename="${fileName}"`;
      return new HttpResponse(body, { status: 200, headers });
    }),
  );
  return calls;
}

/** Keeps a call the fake API received: its method, path without /api, query and JSON body. */
async function record(request: Request, calls: Call[]): Promise<Call> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.text();
  const call = {
    method: request.method,
    path: url.pathname.replace(/^\/api/, ''),
    query: url.searchParams,
    body: text ? (JSON.parse(text) as DefaultBodyType) : undefined,
  };
  calls.push(call);
  return call;
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
