import { ApiError } from '@meritmatch/service-kit';
import type { Context } from 'hono';
import type { Area } from './routes';

const forwardedRequestHeaders = [
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'idempotency-key',
  'user-agent',
];
const droppedResponseHeaders = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'date',
  'server',
  'x-powered-by',
]);

export type ProxyOptions = { area: Area; baseUrl: string; timeoutMs: number; clientAddress: string };

/**
 * Forwards the request to the owning service with a time-out. A service that refuses the
 * connection is a 503 naming its area; one that does not answer in time is a 504.
 */
export async function forward(c: Context, { area, baseUrl, timeoutMs, clientAddress }: ProxyOptions) {
  const url = new URL(c.req.path, baseUrl);
  url.search = new URL(c.req.url).search;
  const headers = new Headers();
  for (const name of forwardedRequestHeaders) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  headers.set('x-request-id', c.get('requestId'));
  headers.set('x-forwarded-for', clientAddress);
  const identity = c.get('identity') as { userId: string; role: string } | undefined;
  if (identity) headers.set('x-authenticated-user', `${identity.role}:${identity.userId}`);

  const method = c.req.method;
  const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
  let upstream: Response;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException('timed out', 'TimeoutError')), timeoutMs);
  try {
    upstream = await fetch(url, {
      method,
      headers,
      body: body && body.byteLength > 0 ? body : undefined,
      redirect: 'manual',
      signal: abort.signal,
    });
  } catch {
    if (abort.signal.aborted) {
      throw new ApiError('GATEWAY_TIMEOUT', `The ${area} service did not answer in time`, [
        { path: 'area', message: area },
      ]);
    }
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      `The ${area} service is unavailable; please try again shortly`,
      [{ path: 'area', message: area }],
    );
  } finally {
    clearTimeout(timer);
  }
  const responseHeaders = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!droppedResponseHeaders.has(name.toLowerCase())) responseHeaders.set(name, value);
  });
  responseHeaders.set('x-request-id', c.get('requestId'));
  // answers are small JSON documents: buffering them is quicker than piping a web stream
  const payload = await upstream.arrayBuffer();
  return new Response(payload.byteLength > 0 ? payload : null, {
    status: upstream.status,
    headers: responseHeaders,
  });
}
