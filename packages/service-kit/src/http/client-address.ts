import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The header with which the gateway proves that its `x-forwarded-for` can be believed. */
export const gatewayKeyHeader = 'x-gateway-key';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time (both sides hashed first, so their lengths tell nothing either). */
export function sameSecret(given: string | undefined, expected: string) {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/** The peer of the request's socket (`unknown` outside a Node server, e.g. in `app.request`). */
export function socketAddress(c: Context) {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The caller's address as a service should count it: the `x-forwarded-for` the gateway
 * wrote, but only when the request carries the gateway's secret; otherwise (a direct call,
 * or no secret configured) the socket's peer, which the caller cannot choose.
 */
export function clientAddress(c: Context, gatewaySecret: string | undefined) {
  if (gatewaySecret && sameSecret(c.req.header(gatewayKeyHeader), gatewaySecret)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress(c);
}
