import { Readable } from 'node:stream';
import { gatewayKeyHeader } from '@meritmatch/service-kit';
import type { Context } from 'hono';
import type { Area } from './routes';
import type { Upstreams } from './upstreams';

/**
 * The request headers a service receives. Everything else the client sent stays behind, so a
 * client can never hand a service its own `x-gateway-key`, `x-forwarded-for` or
 * `x-request-deadline`: the gateway writes those itself.
 */
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

/** The service stops its work 50 ms before the gateway stops waiting, so its answer can still arrive. */
export const deadlineMarginMs = 50;

export type ProxyOptions = {
  area: Area;
  baseUrl: string;
  /** When the gateway stops waiting (epoch ms): received at + the route's time-out. */
  deadlineAt: number;
  clientAddress: string;
  gatewaySecret: string;
  upstreams: Upstreams;
  /** The answer is passed on as it comes (the route table's `streamed`). */
  streamed?: boolean;
};

/** Forwards the request to the owning service and passes its answer back. */
export async function forward(
  c: Context,
  { area, baseUrl, deadlineAt, clientAddress, gatewaySecret, upstreams, streamed }: ProxyOptions,
) {
  const url = new URL(c.req.path, baseUrl);
  url.search = new URL(c.req.url).search;
  const headers: Record<string, string> = {};
  for (const name of forwardedRequestHeaders) {
    const value = c.req.header(name);
    if (value !== undefined) headers[name] = value;
  }
  headers['x-request-id'] = c.get('requestId');
  headers['x-forwarded-for'] = clientAddress;
  headers[gatewayKeyHeader] = gatewaySecret;
  headers['x-request-deadline'] = String(deadlineAt - deadlineMarginMs);

  const method = c.req.method;
  const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
  const answer = await upstreams.send(area, {
    url,
    method,
    headers,
    deadlineAt,
    ...(body ? { body } : {}),
    ...(streamed ? { streamed } : {}),
  });

  // one Headers, straight from undici's (lower-case) names; repeated ones kept apart
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || droppedResponseHeaders.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
    else responseHeaders.set(name, value);
  }
  responseHeaders.set('x-request-id', c.get('requestId'));
  if (answer.stream) {
    return new Response(Readable.toWeb(answer.stream) as ReadableStream<Uint8Array>, {
      status: answer.status,
      headers: responseHeaders,
    });
  }
  // bytes (not an ArrayBuffer) let the node adapter write the answer as it is, without a stream
  return new Response(answer.body.byteLength > 0 ? new Uint8Array(answer.body) : null, {
    status: answer.status,
    headers: responseHeaders,
  });
}
