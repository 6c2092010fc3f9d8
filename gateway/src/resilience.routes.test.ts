import { call, eventually } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from './testing/fake-upstream';
import { type GatewayHarness, gatewayHarness, webOrigin } from './testing/harness';

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe('a frozen service (it holds every call): time-out, circuit breaker, recovery', () => {
  let gateway: GatewayHarness;
  let employerToken: string;
  let jobSeekerToken: string;
  const login = { email: 'hiring@example.com', password: 'kestrel-Tide-42' };
  const search = () => call(`${gateway.api}/employer/search`, { token: employerToken });

  beforeAll(async () => {
    // the gateway runs with its default time-out and breaker settings
    gateway = await gatewayHarness({
      answer: {
        matching: () => ({ status: 200, body: { candidates: [] } }),
        auth: ({ path, body }) =>
          path === '/api/auth/login' && JSON.parse(body).password === login.password
            ? { status: 200, body: { token: 'a-token' } }
            : undefined,
      },
    });
    employerToken = await gateway.token('employer');
    jobSeekerToken = await gateway.token('job_seeker');
    await eventually(async () => (await search()).status === 200, { what: 'the employer can search' });
  });
  afterAll(() => gateway?.close());

  it('answers 503 within about a second, then in milliseconds, other areas unharmed, and recovers by itself', async () => {
    const requests = () => call(`${gateway.api}/employer/requests`, { token: employerToken });
    gateway.services.matching.freeze();
    try {
      // five callers wait for the frozen service: once its /health has gone unanswered for a
      // second, each is let go with a 503 naming the area (before, each waited for its whole
      // time-out, 5 s, 3 s for search, and got a 504)
      const waited = await Promise.all([...Array.from({ length: 4 }, () => timed(requests)), timed(search)]);
      process.stdout.write(
        `frozen matching: 4 request lists and a search answered ${waited.map((w) => `${w.result.status} in ${Math.round(w.ms)} ms`).join(', ')}\n`,
      );
      for (const { result, ms } of waited) {
        expect(result.status).toBe(503);
        expect(result.body).toEqual({
          message: 'The matching service is unavailable; please try again shortly',
          code: 'SERVICE_UNAVAILABLE',
          details: [{ path: 'area', message: 'matching' }],
        });
        // the second without an answer, and the next health question: well under the time-outs
        expect(ms).toBeLessThan(2900);
      }

      // the breaker is open now: the area is answered at once
      const fast = await timed(search);
      process.stdout.write(`breaker open: answered ${fast.result.status} in ${Math.round(fast.ms)} ms\n`);
      expect(fast.result.status).toBe(503);
      expect(fast.result.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('matching'),
        details: [{ path: 'area', message: 'matching' }],
      });
      // milliseconds on an idle machine, a few hundred on a heavily loaded one: the bound
      // leaves room for a busy CI machine and is still far from the 3 s the search waits
      expect(fast.ms).toBeLessThan(1000);
      const breaker = await fetch(`${gateway.url}/metrics`).then((answer) => answer.text());
      expect(breaker).toMatch(/gateway_upstream_breaker_state\{area="matching"[^}]*\} 2/);

      // the other areas keep working
      const profile = await timed(() =>
        call(`${gateway.api}/job-seeker/no-such-call`, { token: jobSeekerToken }),
      );
      expect(profile.result.status).toBe(404);
      expect(profile.ms).toBeLessThan(1000);
      const signIn = await call(`${gateway.api}/auth/login`, { body: login });
      expect(signIn.status).toBe(200);

      // readiness names the area that is down; the gateway itself still serves the others
      const ready = await call(`${gateway.url}/ready`);
      process.stdout.write(`READY ${JSON.stringify(ready.body)}\n`);
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('degraded');
      expect(ready.body.details.map((detail: { path: string }) => detail.path)).toEqual(['matching']);
    } finally {
      gateway.services.matching.thaw();
    }

    // nobody resets anything: the half-open trial lets searches through again
    const { ms } = await timed(() =>
      eventually(async () => (await search()).status === 200, {
        what: 'search works again',
        timeoutMs: 20000,
        intervalMs: 250,
      }),
    );
    process.stdout.write(`thawed: search answered 200 again after ${Math.round(ms)} ms\n`);
    await eventually(async () => (await call(`${gateway.url}/ready`)).body.status === 'ready', {
      what: 'the gateway ready again',
    });
  });
});

describe('what the gateway sends upstream, and what opens its breaker', () => {
  let gateway: GatewayHarness;
  let upstream: FakeUpstream;
  let adminToken: string;
  let failing = false;
  const get = (path: string, headers: Record<string, string> = {}) =>
    call(`${gateway.api}/admin/${path}`, { token: adminToken, headers });

  beforeAll(async () => {
    // a stand-in for the admin service, to see exactly what the gateway sends and to fail on demand
    gateway = await gatewayHarness({
      env: { BREAKER_RESET_MS: '1000' },
      answer: {
        admin: ({ path }) => {
          if (path.startsWith('/api/admin/missing'))
            return { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
          if (path.startsWith('/api/admin/flaky') && failing)
            return { status: 500, body: { message: 'Something went wrong on our side', code: 'INTERNAL' } };
          return { status: 200, body: { ok: true } };
        },
      },
    });
    upstream = gateway.services.admin;
    adminToken = await gateway.token('admin');
  });
  afterAll(() => gateway?.close());

  it('sends the deadline, the idempotency key, its own client address and its key, and nothing the client forged', async () => {
    const before = Date.now();
    const answer = await call(`${gateway.api}/admin/requests/abc`, {
      method: 'PUT',
      token: adminToken,
      body: { status: 'approved' },
      headers: {
        'idempotency-key': 'decision-7f3a',
        'x-request-deadline': '99999999999999',
        'x-gateway-key': 'forged-key-forged-key-forged-key-forged',
        'x-forwarded-for': '203.0.113.9',
        'x-authenticated-user': 'admin:someone',
      },
    });
    const after = Date.now();
    expect(answer.status).toBe(200);
    const { headers } = upstream.seen.at(-1)!;
    expect(headers['idempotency-key']).toBe('decision-7f3a');
    const deadline = Number(headers['x-request-deadline']);
    expect(deadline).toBeGreaterThanOrEqual(before + 5000 - 50);
    expect(deadline).toBeLessThanOrEqual(after + 5000 - 50);
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-gateway-key']).toBe(gateway.gatewaySecret);
    expect(headers['x-authenticated-user']).toBeUndefined();
    expect(headers['x-request-id']).toBe(answer.headers.get('x-request-id'));
  });

  it('lets browsers send Idempotency-Key', async () => {
    const preflight = await fetch(`${gateway.api}/admin/requests/abc`, {
      method: 'OPTIONS',
      headers: {
        origin: webOrigin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('does not count 4xx answers as failures, opens on 5xx, and closes again after a good trial call', async () => {
    for (let i = 0; i < 12; i++) expect((await get(`missing/${i}`)).status).toBe(404);
    expect((await get('flaky')).status).toBe(200);

    // failures must outweigh the 13 good answers in the window before the breaker opens
    failing = true;
    let failures = 0;
    let open = await get('flaky');
    while (open.status === 500 && failures < 40) {
      // the service's own answer is passed on
      expect(open.body).toEqual({ message: 'Something went wrong on our side', code: 'INTERNAL' });
      failures += 1;
      open = await get('flaky');
    }
    expect(failures).toBeGreaterThanOrEqual(13);
    expect(open.status).toBe(503);
    expect(open.body.details).toEqual([{ path: 'area', message: 'admin' }]);
    const hits = upstream.seen.length;
    expect((await get('flaky')).status).toBe(503);
    expect(upstream.seen.length).toBe(hits);

    failing = false;
    await eventually(async () => (await get('flaky')).status === 200, {
      what: 'the breaker closed after a trial call',
      timeoutMs: 10000,
    });
  });
});
