import { call, eventually, type Stack, startStack } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const errorShape = { message: expect.any(String), code: expect.any(String) };

describe('gateway against the running services', () => {
  let stack: Stack;
  let employerToken: string;
  let jobSeekerToken: string;

  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra') });
    const register = async (userType: string) => {
      const answer = await call(`${stack.api}/auth/register`, {
        body: { email: `${userType}-${Date.now()}@example.com`, password: 'kestrel-Tide-42', userType },
      });
      expect(answer.status).toBe(201);
      return answer.body.token as string;
    };
    employerToken = await register('employer');
    jobSeekerToken = await register('job_seeker');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers an unknown /api path with a JSON 404 in the error shape', async () => {
    const answer = await call(`${stack.api}/nothing-here`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.body).toEqual({ message: 'No API route for GET /api/nothing-here', code: 'NOT_FOUND' });
    expect((await call(`${stack.url('gateway')}/elsewhere`)).body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('forwards to the owning service, whose own answers come back unchanged', async () => {
    const fromAuth = await call(`${stack.api}/auth/no-such-call`, { method: 'POST', body: {} });
    expect(fromAuth.status).toBe(404);
    expect(fromAuth.body).toEqual({ message: 'No route for POST /api/auth/no-such-call', code: 'NOT_FOUND' });
    const fromProfile = await call(`${stack.api}/job-seeker/no-such-call`, { token: jobSeekerToken });
    expect(fromProfile.body).toEqual({
      message: 'No route for GET /api/job-seeker/no-such-call',
      code: 'NOT_FOUND',
    });
  });

  it('needs a token for every family but auth, and the right role', async () => {
    expect((await call(`${stack.api}/employer/search`)).status).toBe(401);
    expect((await call(`${stack.api}/employer/search`, { token: 'not.a.token' })).status).toBe(401);
    const wrongRole = await call(`${stack.api}/admin/stats`, { token: employerToken });
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.body).toMatchObject(errorShape);
  });

  it('echoes the caller request id, or makes one', async () => {
    const given = await call(`${stack.api}/nothing`, { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-abc-123');
    const made = await call(`${stack.api}/auth/no-such-call`, { method: 'POST', body: {} });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a body over the limit with 413 in the error shape, and non-JSON writes with 415', async () => {
    const big = await call(`${stack.api}/auth/register`, {
      body: { email: 'big@example.com', password: 'x'.repeat(1024 * 1024), userType: 'job_seeker' },
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    const form = await call(`${stack.api}/auth/login`, {
      rawBody: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it("gives the pipeline's own refusals the CORS and security headers of every answer", async () => {
    const origin = stack.url('shell');
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
      const answer = await fetch(`${stack.api}/auth/login`, {
        method: 'POST',
        headers: { origin, 'content-type': type, ...(key ? { 'idempotency-key': key } : {}) },
        body,
      });
      expect(await answer.json()).toMatchObject({ code });
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('access-control-expose-headers')).toBe('X-Request-Id,Retry-After');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('allows CORS for the web origins only and sets security headers', async () => {
    const origin = stack.url('shell');
    const preflight = await fetch(`${stack.api}/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    const foreign = await fetch(`${stack.api}/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // a plain request's answer, the service's or the gateway's own, carries them too
    for (const path of ['/auth/me', '/nothing']) {
      const plain = await fetch(`${stack.api}${path}`, { headers: { origin } });
      expect(plain.headers.get('access-control-allow-origin')).toBe(origin);
      expect(plain.headers.get('access-control-expose-headers')).toBe('X-Request-Id,Retry-After');
      expect(plain.headers.get('vary')).toContain('Origin');
      expect(plain.headers.get('x-request-id')).toBeTruthy();
      const stranger = await fetch(`${stack.api}${path}`, { headers: { origin: 'https://evil.example' } });
      expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    }
    const answer = await fetch(`${stack.api}/nothing`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers a JSON 503 naming the area of a stopped service while the other routes keep working', async () => {
    await stack.stop('matching');
    try {
      const down = await call(`${stack.api}/employer/search`, { token: employerToken });
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('matching'),
      });
      expect(down.body.details).toEqual([{ path: 'area', message: 'matching' }]);

      const profile = await call(`${stack.api}/employer/profile/no-such-call`, { token: employerToken });
      expect(profile.status).toBe(404);
      const login = await call(`${stack.api}/auth/login`, {
        body: { email: 'nobody@example.com', password: 'whatever1' },
      });
      expect(login.status).toBe(401);
      expect((await fetch(`${stack.url('gateway')}/health`)).status).toBe(200);
    } finally {
      await stack.start('matching');
    }
    await eventually(
      async () => (await call(`${stack.api}/employer/search`, { token: employerToken })).status !== 503,
      {
        what: 'matching reachable again',
      },
    );
  });
});
