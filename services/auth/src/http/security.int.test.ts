import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { ZServiceTokenAnswer } from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  registerAccount,
  type Stack,
  seedCandidate,
  signIn,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashingNice } from '../workers/passwords';

const statusUrl = (stack: Stack, userId: string) => `${stack.url('auth')}/internal/users/${userId}/status`;

/** The nice value of each thread of process `pid`, by thread id (Linux: per thread). */
const niceOfThreads = (pid: number) =>
  new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return [Number(tid), Number(fields[16])] as const;
    }),
  );

/**
 * Auth with the profile service and the gateway, started once for every case that needs no
 * setting of its own: hashing threads, account status, token checks and service tokens. The
 * service-token cases come last, as the last of them restarts auth without service accounts.
 */
describe('auth among other processes', () => {
  let stack: Stack;
  /** The nice values of auth's hashing threads right after its start, before any test signs up or in. */
  let hashingAtStart: number[];
  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'profile', 'gateway'] });
    // read here, before any case: none has hashed yet
    hashingAtStart = [...niceOfThreads(stack.pid('auth') as number).values()].filter(
      (value) => value === hashingNice,
    );
  });
  afterAll(() => stack?.close());

  /** The hashing threads of a running auth process (the routes' own cases: auth-happy.routes.test.ts). */
  describe('password hashing in a running auth process', () => {
    it('idles without a hashing thread once the first admin is written at start', () => {
      expect(hashingAtStart).toEqual([]);
    });

    it('hashes passwords on threads of lower priority than the event loop', async () => {
      const account = await registerAccount(stack, 'job_seeker');
      expect((await signIn(stack, account.email, account.password)).status).toBe(200);
      const pid = stack.pid('auth');
      expect(pid).toBeGreaterThan(0);
      const nice = niceOfThreads(pid as number);
      // the main thread runs the event loop at the process's priority; the hashing threads below it
      expect(nice.get(pid as number)).toBe(0);
      const hashing = [...nice.values()].filter((value) => value === hashingNice);
      expect(hashing.length).toBeGreaterThan(0);
    });
  });

  /**
   * What takes more than the auth service: a suspension reaching other processes, tokens checked
   * at the gateway and the profile service, a key rotated by the command (the gateway's word on a
   * caller's address, and its refusal of an expired token: below). The rest of account status
   * and throttling runs in process: auth-security.routes.test.ts.
   */
  describe('account status, token checks and sign-in throttling', () => {
    let admin: Awaited<ReturnType<typeof adminAccount>>;

    beforeAll(async () => {
      admin = await adminAccount(stack);
    });

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
        expect((await call(`${stack.url('profile')}/api/job-seeker/status-probe`, { token })).status).toBe(
          401,
        );
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

  /**
   * A service of the product (the notifications service) has an identity of its own: a service
   * account configured in SERVICE_ACCOUNTS, short-lived tokens with role `service`. Such a token
   * opens the few internal lookups made for it, and nothing else: no public route, no admin route.
   * How they are issued runs in process: auth-security.routes.test.ts.
   */
  describe('service tokens', () => {
    let admin: TestAccount;
    let seeker: Awaited<ReturnType<typeof seedCandidate>>;

    beforeAll(async () => {
      admin = await adminAccount(stack);
      seeker = await seedCandidate(stack, { fullName: 'Imogen Castellanos' });
    });

    const askToken = (body: unknown) => call(`${stack.url('auth')}/internal/service-tokens`, { body });
    const serviceToken = async () => {
      const answer = await askToken({ account: 'notifications', secret: stack.secrets.notificationsSecret });
      expect(answer.status, answer.text).toBe(200);
      return ZServiceTokenAnswer.parse(answer.body).token;
    };

    it('open the lookups made for the notifications service', async () => {
      const token = await serviceToken();
      const users = await call(`${stack.url('auth')}/internal/service/users/lookup`, {
        token,
        body: { ids: [seeker.id] },
      });
      expect(users.status, users.text).toBe(200);
      expect(users.body.users[0]).toMatchObject({ id: seeker.id, email: seeker.email, status: 'active' });
      const seekers = await call(`${stack.url('profile')}/internal/service/job-seekers/lookup`, {
        token,
        body: { candidateIds: [seeker.candidateId] },
      });
      expect(seekers.status, seekers.text).toBe(200);
      expect(seekers.body.job_seekers[0]).toMatchObject({
        user_id: seeker.id,
        full_name: 'Imogen Castellanos',
      });
      const companies = await call(`${stack.url('profile')}/internal/service/employers/lookup`, {
        token,
        body: { userIds: [seeker.id] },
      });
      expect(companies.status, companies.text).toBe(200);
    });

    it('open no public route, through the gateway or directly, and no admin route', async () => {
      const token = await serviceToken();
      const refused: Array<[string, string, unknown?]> = [
        ['GET', `${stack.api}/auth/me`],
        ['POST', `${stack.api}/auth/logout`],
        ['GET', `${stack.api}/job-seeker/profile`],
        ['GET', `${stack.api}/employer/profile`],
        ['GET', `${stack.api}/admin/users`],
        ['GET', `${stack.url('auth')}/api/auth/me`],
        ['GET', `${stack.url('profile')}/api/job-seeker/profile`],
        ['GET', `${stack.url('profile')}/api/employer/profile`],
        ['GET', `${stack.url('auth')}/internal/users`],
        ['POST', `${stack.url('auth')}/internal/users/lookup`, { ids: [seeker.id] }],
        ['PUT', `${stack.url('auth')}/internal/users/${seeker.id}/status`, { status: 'suspended' }],
        ['GET', `${stack.url('profile')}/internal/candidates/${seeker.candidateId}`],
        ['POST', `${stack.url('profile')}/internal/job-seekers/lookup`, { userIds: [seeker.id] }],
        ['PUT', `${stack.url('profile')}/internal/employers/${seeker.id}/verification`, { verified: true }],
      ];
      for (const [method, url, body] of refused) {
        const answer = await call(url, { method, token, body });
        expect(answer.status, `${method} ${url}: ${answer.text}`).toBe(403);
      }
      // and the suspension above was not carried out
      expect(
        (await call(`${stack.url('auth')}/internal/users/${seeker.id}`, { token: admin.token })).body.status,
      ).toBe('active');
    });

    it('are the only tokens the service lookups take: a person, even an admin, is refused', async () => {
      const employer = await registerAccount(stack, 'employer');
      for (const person of [seeker, employer, admin]) {
        const users = await call(`${stack.url('auth')}/internal/service/users/lookup`, {
          token: person.token,
          body: { ids: [seeker.id] },
        });
        const seekers = await call(`${stack.url('profile')}/internal/service/job-seekers/lookup`, {
          token: person.token,
          body: { userIds: [seeker.id] },
        });
        expect([users.status, seekers.status]).toEqual([403, 403]);
      }
      expect(
        (await call(`${stack.url('auth')}/internal/service/users/lookup`, { body: { ids: [] } })).status,
      ).toBe(401);
    });

    it('stop working everywhere when the service account is removed from the configuration', async () => {
      const token = await serviceToken();
      const lookup = () =>
        call(`${stack.url('profile')}/internal/service/job-seekers/lookup`, {
          token,
          body: { candidateIds: [seeker.candidateId] },
        });
      expect((await lookup()).status).toBe(200);
      await stack.stop('auth');
      const spec = stack.spec('auth');
      spec.env = { ...spec.env, SERVICE_ACCOUNTS: '' };
      await stack.start('auth');
      await eventually(async () => (await lookup()).status === 401, {
        what: 'the old token refused',
        timeoutMs: 10000,
      });
      const again = await askToken({ account: 'notifications', secret: stack.secrets.notificationsSecret });
      expect(again.status).toBe(401);
    });
  });
});

/**
 * Auth and the gateway with settings of their own: a low sign-in limit per address, with the
 * gateway trusting the test client as a proxy in front of it, and one-second tokens.
 */
describe('auth with short limits and tokens', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'gateway'],
      extraEnv: {
        auth: { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '40', TOKEN_TTL_SECONDS: '1' },
        // the test client plays a proxy in front of the gateway, so it can stand for several callers
        gateway: { TRUSTED_PROXIES: '127.0.0.1' },
      },
    });
  });
  afterAll(() => stack?.close());

  /** The gateway's word on a caller's address (a direct caller's count: auth-security.routes.test.ts). */
  describe('sign-in throttling per address', () => {
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
    it('is refused with 401 and a message to sign in again', async () => {
      const account = await registerAccount(stack, 'employer');
      await new Promise((resolve) => setTimeout(resolve, 2200));
      const answer = await call(`${stack.api}/employer/search`, { token: account.token });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Your session has expired; please sign in again');
    });
  });
});
