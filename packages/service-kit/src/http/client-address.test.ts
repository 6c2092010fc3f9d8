import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, gatewayKeyHeader, sameSecret } from './client-address';

const secret = 'a-gateway-secret-of-at-least-32-chars';
const app = new Hono().get('/who', (c) =>
  c.text(clientAddress(c, c.req.query('configured') ? secret : undefined)),
);
const who = async (headers: Record<string, string>, configured = true) =>
  (await app.request(`/who${configured ? '?configured=1' : ''}`, { headers })).text();

describe('clientAddress', () => {
  it("believes x-forwarded-for only with the gateway's secret", async () => {
    expect(await who({ 'x-forwarded-for': '203.0.113.9', [gatewayKeyHeader]: secret })).toBe('203.0.113.9');
    // no key, a wrong key, or no secret configured: the socket's peer (none inside app.request)
    expect(await who({ 'x-forwarded-for': '203.0.113.9' })).toBe('unknown');
    expect(await who({ 'x-forwarded-for': '203.0.113.9', [gatewayKeyHeader]: `${secret}x` })).toBe('unknown');
    expect(await who({ 'x-forwarded-for': '203.0.113.9', [gatewayKeyHeader]: secret }, false)).toBe(
      'unknown',
    );
  });

  it('compares secrets of any length without failing', () => {
    expect(sameSecret(secret, secret)).toBe(true);
    expect(sameSecret('short', secret)).toBe(false);
    expect(sameSecret(undefined, secret)).toBe(false);
  });
});
