import { ZServiceTokenAnswer } from '@meritmatch/contracts';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, authHarness, type TestAccount } from '../testing/harness';

const statusPath = (userId: string) => `/internal/users/${userId}/status`;

describe('account status, internal routes and sign-in throttling per account', () => {
  let auth: AuthHarness;
  let admin: TestAccount;

  beforeAll(async () => {
    auth = await authHarness({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
    admin = await auth.adminAccount();
  });

  it('refuses a deleted user with a clear message', async () => {
    const account = await auth.register('employer');
    await auth.call(statusPath(account.id), {
      method: 'PUT',
      token: admin.token,
      body: { status: 'deleted' },
    });
    const login = await auth.signIn(account.email, account.password);
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('This account has been deleted. Please contact support to restore it.');
  });

  it('never suspends or deletes an admin account', async () => {
    for (const status of ['suspended', 'deleted']) {
      const answer = await auth.call(statusPath(admin.id), {
        method: 'PUT',
        token: admin.token,
        body: { status },
      });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Admin accounts cannot be suspended or deleted for security reasons.');
    }
    expect((await auth.signIn(auth.admin.email, auth.admin.password)).status).toBe(200);
  });

  it('keeps the internal user routes for admins only', async () => {
    const account = await auth.register('employer');
    expect((await auth.call('/internal/users')).status).toBe(401);
    expect((await auth.call('/internal/users', { token: account.token })).status).toBe(403);
    const bad = await auth.call(statusPath(account.id), {
      method: 'PUT',
      token: admin.token,
      body: { status: 'banned' },
    });
    expect(bad.status).toBe(400);
  });

  it('throttles failed sign-ins per account with 429 and Retry-After, even with the right password', async () => {
    const account = await auth.register('employer');
    for (let i = 0; i < 3; i++) expect((await auth.signIn(account.email, 'wrong-password')).status).toBe(401);
    const blocked = await auth.signIn(account.email, account.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many sign-in attempts'),
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sign-in throttling per address', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await authHarness({
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '40',
      GATEWAY_SECRET: 'the-gateway-secret-of-this-test-0000',
    });
  });

  const attempts = async (count: number, send: (i: number) => Promise<{ status: number }>) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await send(i)).status);
    return statuses;
  };
  const wrongPassword = (i: number) => ({ email: `nobody-${i}@example.com`, password: 'wrong-password' });

  it('counts a direct caller by its socket, however it rotates X-Forwarded-For', async () => {
    const statuses = await attempts(41, (i) =>
      auth.call('/api/auth/login', {
        body: wrongPassword(i),
        headers: {
          'x-forwarded-for': `203.0.113.${i + 1}`,
          'x-gateway-key': 'a-guess-at-the-gateway-secret-000',
        },
      }),
    );
    expect(statuses.slice(0, 40)).toEqual(Array(40).fill(401));
    expect(statuses[40]).toBe(429);
  });
});

/**
 * A service account's tokens (`SERVICE_ACCOUNTS`): issued for its secret only. What such a token
 * opens, here and in the profile service: security.int.test.ts.
 */
describe('service tokens', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await authHarness();
  });

  const askToken = (body: unknown) => auth.call('/internal/service-tokens', { body });

  it('are issued for the right secret only, short-lived, with role service', async () => {
    const answer = await askToken({ account: 'notifications', secret: auth.notificationsSecret });
    expect(answer.status, answer.text).toBe(200);
    const claims = decodeJwt(ZServiceTokenAnswer.parse(answer.body).token);
    expect(claims.role).toBe('service');
    expect(claims.exp! - claims.iat!).toBe(300);

    const wrong = await askToken({ account: 'notifications', secret: 'x'.repeat(43) });
    const unknown = await askToken({ account: 'reports', secret: auth.notificationsSecret });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);
    expect((await askToken({ account: 'notifications' })).status).toBe(400);
  });
});
