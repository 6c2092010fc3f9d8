import { call, eventually } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, gatewayHarness, webOrigin } from './testing/harness';

const errorShape = { message: expect.any(String), code: expect.any(String) };

describe('the gateway in front of its services (faked)', () => {
  let gateway: GatewayHarness;
  let employerToken: string;
  let jobSeekerToken: string;

  beforeAll(async () => {
    gateway = await gatewayHarness({
      answer: {
        auth: ({ method, path }) =>
          method === 'POST' && path === '/api/auth/login'
            ? { status: 401, body: { message: 'Invalid email or password', code: 'UNAUTHENTICATED' } }
            : undefined,
      },
    });
    employerToken = await gateway.token('employer');
    jobSeekerToken = await gateway.token('job_seeker');
  });
  afterAll(() => gateway?.close());

  it('answers an unknown /api path with a JSON 404 in the error shape', async () => {
    const answer = await call(`${gateway.api}/nothing-here`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.body).toEqual({ message: 'No API route for GET /api/nothing-here', code: 'NOT_FOUND' });
    expect((await call(`${gateway.url}/elsewhere`)).body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('forwards to the owning service, whose own answers come back unchanged', async () => {
    const fromAuth = await call(`${gateway.api}/auth/no-such-call`, { method: 'POST', body: {} });
    expect(fromAuth.status).toBe(404);
    expect(fromAuth.body).toEqual({ message: 'No route for POST /api/auth/no-such-call', code: 'NOT_FOUND' });
    expect(gateway.services.auth.seen.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/auth/no-such-call',
    });
    const fromProfile = await call(`${gateway.api}/job-seeker/no-such-call`, { token: jobSeekerToken });
    expect(fromProfile.body).toEqual({
      message: 'No route for GET /api/job-seeker/no-such-call',
      code: 'NOT_FOUND',
    });
    expect(gateway.services.profile.seen.at(-1)?.path).toBe('/api/job-seeker/no-such-call');
  });

  it('needs a token for every family but auth, and the right role', async () => {
    expect((await call(`${gateway.api}/employer/search`)).status).toBe(401);
    expect((await call(`${gateway.api}/employer/search`, { token: 'not.a.token' })).status).toBe(401);
    const wrongRole = await call(`${gateway.api}/admin/stats`, { token: employerToken });
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.body).toMatchObject(errorShape);
    expect(gateway.services.matching.seen).toEqual([]);
    expect(gateway.services.admin.seen).toEqual([]);
  });

  it('echoes the caller request id, or makes one', async () => {
    const given = await call(`${gateway.api}/nothing`, { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-abc-123');
    const made = await call(`${gateway.api}/auth/no-such-call`, { method: 'POST', body: {} });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a body over the limit with 413 in the error shape, and non-JSON writes with 415', async () => {
    const big = await call(`${gateway.api}/auth/register`, {
      body: { email: 'big@example.com', password: 'x'.repeat(1024 * 1024), userType: 'job_seeker' },
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    const form = await call(`${gateway.api}/auth/login`, {
      rawBody: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it("gives the pipeline's own refusals the CORS and security headers of every answer", async () => {
    const refusals = [
      {
        code: 'PAYLOAD_TOO_LARGE',
        body: JSON.stringify({ password: 'x'.repeat(1024 * 1024) }),
        type: 'application/json',
      },
      {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        body: 'email=a&password=b',
        type: 'application/x-www-form-urlencoded',
      },
      // a malformed idempotency key
      { code: 'VALIDATION_FAILED', body: '{}', type: 'application/json', key: 'short' },
    ];
    for (const { code, body, type, key } of refusals) {
      const answer = await fetch(`${gateway.api}/auth/login`, {
        method: 'POST',
        headers: { origin: webOrigin, 'content-type': type, ...(key ? { 'idempotency-key': key } : {}) },
        body,
      });
      expect(await answer.json()).toMatchObject({ code });
      expect(answer.headers.get('access-control-allow-origin')).toBe(webOrigin);
      expect(answer.headers.get('access-control-expose-headers')).toBe(
        'X-Request-Id,Retry-After,Content-Disposition',
      );
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('allows CORS for the web origins only and sets security headers', async () => {
    const preflight = await fetch(`${gateway.api}/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: webOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(webOrigin);
    const foreign = await fetch(`${gateway.api}/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // a plain request's answer, the service's or the gateway's own, carries them too
    for (const path of ['/auth/me', '/nothing']) {
      const plain = await fetch(`${gateway.api}${path}`, { headers: { origin: webOrigin } });
      expect(plain.headers.get('access-control-allow-origin')).toBe(webOrigin);
      expect(plain.headers.get('access-control-expose-headers')).toBe(
        'X-Request-Id,Retry-After,Content-Disposition',
      );
      expect(plain.headers.get('vary')).toContain('Origin');
      expect(plain.headers.get('x-request-id')).toBeTruthy();
      const stranger = await fetch(`${gateway.api}${path}`, { headers: { origin: 'https://evil.example' } });
      expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    }
    const answer = await fetch(`${gateway.api}/nothing`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers a JSON 503 naming the area of a stopped service while the other routes keep working', async () => {
    await gateway.services.matching.down();
    try {
      const down = await call(`${gateway.api}/employer/search`, { token: employerToken });
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('matching'),
      });
      expect(down.body.details).toEqual([{ path: 'area', message: 'matching' }]);

      const profile = await call(`${gateway.api}/employer/profile/no-such-call`, { token: employerToken });
      expect(profile.status).toBe(404);
      const login = await call(`${gateway.api}/auth/login`, {
        body: { email: 'nobody@example.com', password: 'whatever1' },
      });
      expect(login.status).toBe(401);
      expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
    } finally {
      await gateway.services.matching.up();
    }
    await eventually(
      async () => (await call(`${gateway.api}/employer/search`, { token: employerToken })).status !== 503,
      {
        what: 'matching reachable again',
      },
    );
  });
});
