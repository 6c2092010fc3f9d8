import { spawnSync } from 'node:child_process';
import {
  adminAccount,
  call,
  eventually,
  registerAccount,
  type Stack,
  signIn,
  startStack,
} from '@meritmatch/testkit';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const statusUrl = (stack: Stack, userId: string) => `${stack.url('auth')}/internal/users/${userId}/status`;

/**
 * What takes more than the auth service: a suspension reaching other processes, tokens checked
 * at the gateway and the profile service, a key rotated by the command, the gateway's word on a
 * caller's address, and the gateway's refusal of an expired token. The rest of account status
 * and throttling runs in process: auth-security.routes.test.ts.
 */
describe('account status, token checks and sign-in throttling', () => {
  let stack: Stack;
  let admin: Awaited<ReturnType<typeof adminAccount>>;

  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'profile', 'gateway'] });
    admin = await adminAccount(stack);
  });
  afterAll(() => stack?.close());

  /** A job-seeker route that exists only at the gateway's level: the profile service answers 404 once authorized. */
  const probe = (token: string) => call(`${stack.api}/job-seeker/status-probe`, { token });

  it('locks a suspended user out: sign-in refused and the old token refused within seconds', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    expect((await probe(account.token)).status).toBe(404);

    const suspended = await call(statusUrl(stack, account.id), {
      method: 'PUT',
      token: admin.token,
      body: { status: 'suspended' },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ id: account.id, status: 'suspended' });

    const login = await signIn(stack, account.email, account.password);
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Your account has been suspended. Please contact support.');
    const started = Date.now();
    await eventually(async () => (await probe(account.token)).status === 401, {
      what: 'old token refused',
      timeoutMs: 5000,
    });
    expect(Date.now() - started).toBeLessThan(5000);

    // restored: a new sign-in works, the token from before the suspension stays refused
    await call(statusUrl(stack, account.id), {
      method: 'PUT',
      token: admin.token,
      body: { status: 'active' },
    });
    const again = await signIn(stack, account.email, account.password);
    expect(again.status).toBe(200);
    await eventually(async () => (await probe(again.body.token)).status === 404, {
      what: 'new token accepted',
    });
    expect((await probe(account.token)).status).toBe(401);
  });

  it('refuses tampered, unsigned and algorithm-confused tokens at the gateway and at the service', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const [header, payload, signature] = account.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const tampered = `${header}.${forged}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${forged}.`;
    const jwks = (await call(`${stack.url('auth')}/.well-known/jwks.json`)).body;
    const confused = await new SignJWT({ ...claims, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256', kid: decodeProtectedHeader(account.token).kid! })
      .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0])));
    for (const token of [tampered, unsigned, confused]) {
      expect((await call(`${stack.api}/admin/stats`, { token })).status).toBe(401);
      expect((await call(`${stack.url('auth')}/internal/users`, { token })).status).toBe(401);
      expect((await call(`${stack.url('profile')}/api/job-seeker/status-probe`, { token })).status).toBe(401);
    }
  });

  it('picks up a rotated signing key while older tokens stay valid', async () => {
    const before = await registerAccount(stack, 'job_seeker');
    const rotate = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/rotate-signing-key.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: {
        ...process.env,
        MONGO_URL: inject('infra').mongoUrl,
        MONGO_DB: `${stack.namespace}_auth`,
        SIGNING_KEY_ENCRYPTION_KEY: stack.secrets.signingKeyEncryptionKey,
      },
      encoding: 'utf8',
    });
    expect(rotate.status, rotate.stderr).toBe(0);
    const newKid = rotate.stdout.match(/new signing key (\S+)/)?.[1];
    const after = await eventually(
      async () => {
        const login = await signIn(stack, before.email, before.password);
        return decodeProtectedHeader(login.body.token).kid === newKid
          ? (login.body.token as string)
          : undefined;
      },
      { what: 'tokens signed with the new key', timeoutMs: 15000, intervalMs: 500 },
    );
    await eventually(async () => (await probe(after)).status === 404, {
      what: 'new key accepted',
      timeoutMs: 15000,
    });
    expect((await probe(before.token)).status).toBe(404);
  });
});

/** The gateway's word on a caller's address (a direct caller's count: auth-security.routes.test.ts). */
describe('sign-in throttling per address', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'gateway'],
      extraEnv: {
        auth: { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '40' },
        // the test client plays a proxy in front of the gateway, so it can stand for several callers
        gateway: { TRUSTED_PROXIES: '127.0.0.1' },
      },
    });
  });
  afterAll(() => stack?.close());

  const attempts = async (count: number, send: (i: number) => Promise<{ status: number }>) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await send(i)).status);
    return statuses;
  };
  const wrongPassword = (i: number) => ({ email: `nobody-${i}@example.com`, password: 'wrong-password' });
  // Every count starts with a started hashing pool: the first hash starts its worker thread, and
  // the hashes run at low priority, which on a busy machine can outlast a request's deadline
  // (503). Made through the gateway for an address of its own, it counts against none the test uses.
  beforeAll(async () => {
    await call(`${stack.api}/auth/login`, {
      body: { email: 'warm-up@example.com', password: 'wrong-password' },
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
  });

  it('counts callers through the gateway by the address the gateway vouches for', async () => {
    const through = (address: string) => (i: number) =>
      call(`${stack.api}/auth/login`, { body: wrongPassword(i), headers: { 'x-forwarded-for': address } });
    const statuses = await attempts(41, through('198.51.100.77'));
    expect(statuses.slice(0, 40)).toEqual(Array(40).fill(401));
    expect(statuses[40]).toBe(429);
    const refused = await through('198.51.100.77')(41);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // another caller behind the same proxy has a count of its own
    expect((await through('198.51.100.78')(42)).status).toBe(401);
  });
});

describe('an expired token', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'gateway'],
      extraEnv: { auth: { TOKEN_TTL_SECONDS: '1' } },
    });
  });
  afterAll(() => stack?.close());

  it('is refused with 401 and a message to sign in again', async () => {
    const account = await registerAccount(stack, 'employer');
    await new Promise((resolve) => setTimeout(resolve, 2200));
    const answer = await call(`${stack.api}/employer/search`, { token: account.token });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Your session has expired; please sign in again');
  });
});
