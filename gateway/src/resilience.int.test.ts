import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  adminAccount,
  call,
  eventually,
  registerAccount,
  type Stack,
  seedEmployer,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe('a frozen service (SIGSTOP): time-out, circuit breaker, recovery', () => {
  let stack: Stack;
  let employer: TestAccount;
  let jobSeeker: TestAccount;
  const search = () => call(`${stack.api}/employer/search`, { token: employer.token });

  beforeAll(async () => {
    // the gateway runs with its default time-out and breaker settings
    stack = await startStack({ infra: inject('infra') });
    employer = await seedEmployer(stack);
    jobSeeker = await registerAccount(stack, 'job_seeker');
    await eventually(async () => (await search()).status === 200, { what: 'the employer can search' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 503 within about a second, then in milliseconds, other areas unharmed, and recovers by itself', async () => {
    const requests = () => call(`${stack.api}/employer/requests`, { token: employer.token });
    stack.freeze('matching');
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
      const breaker = await fetch(`${stack.url('gateway')}/metrics`).then((answer) => answer.text());
      expect(breaker).toMatch(/gateway_upstream_breaker_state\{area="matching"[^}]*\} 2/);

      // the other areas keep working
      const profile = await timed(() =>
        call(`${stack.api}/job-seeker/no-such-call`, { token: jobSeeker.token }),
      );
      expect(profile.result.status).toBe(404);
      expect(profile.ms).toBeLessThan(1000);
      const login = await call(`${stack.api}/auth/login`, {
        body: { email: employer.email, password: employer.password },
      });
      expect(login.status).toBe(200);

      // readiness names the area that is down; the gateway itself still serves the others
      const ready = await call(`${stack.url('gateway')}/ready`);
      process.stdout.write(`READY ${JSON.stringify(ready.body)}\n`);
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('degraded');
      expect(ready.body.details.map((detail: { path: string }) => detail.path)).toEqual(['matching']);
    } finally {
      stack.thaw('matching');
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
    await eventually(async () => (await call(`${stack.url('gateway')}/ready`)).body.status === 'ready', {
      what: 'the gateway ready again',
    });
  });
});

type Seen = { path: string; headers: IncomingHttpHeaders };

/** A stand-in for the admin service, to see exactly what the gateway sends and to fail on demand. */
async function startRecordingUpstream() {
  const seen: Seen[] = [];
  let failing = false;
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    seen.push({ path, headers: request.headers });
    const reply = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path.startsWith('/api/admin/missing')) return reply(404, { message: 'Not found', code: 'NOT_FOUND' });
    if (path.startsWith('/api/admin/flaky') && failing) {
      return reply(500, { message: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    return reply(200, { ok: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    fail: (value: boolean) => {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('what the gateway sends upstream, and what opens its breaker', () => {
  let stack: Stack;
  let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
  let admin: TestAccount;
  const get = (path: string, headers: Record<string, string> = {}) =>
    call(`${stack.api}/admin/${path}`, { token: admin.token, headers });

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'gateway'],
      extraEnv: { gateway: { ADMIN_URL: upstream.url, BREAKER_RESET_MS: '1000' } },
    });
    admin = await adminAccount(stack);
  });
  afterAll(async () => {
    await stack?.close();
    await upstream?.close();
  });

  it('sends the deadline, the idempotency key, its own client address and its key, and nothing the client forged', async () => {
    const before = Date.now();
    const answer = await call(`${stack.api}/admin/requests/abc`, {
      method: 'PUT',
      token: admin.token,
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
    expect(headers['x-gateway-key']).toBe(stack.spec('gateway').env.GATEWAY_SECRET);
    expect(headers['x-authenticated-user']).toBeUndefined();
    expect(headers['x-request-id']).toBe(answer.headers.get('x-request-id'));
  });

  it('lets browsers send Idempotency-Key', async () => {
    const origin = stack.url('shell');
    const preflight = await fetch(`${stack.api}/admin/requests/abc`, {
      method: 'OPTIONS',
      headers: {
        origin,
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
    upstream.fail(true);
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

    upstream.fail(false);
    await eventually(async () => (await get('flaky')).status === 200, {
      what: 'the breaker closed after a trial call',
      timeoutMs: 10000,
    });
  });
});
