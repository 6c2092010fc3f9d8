import { ZServiceTokenAnswer } from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  registerAccount,
  type Stack,
  seedCandidate,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * A service of the product (the notifications service) has an identity of its own: a service
 * account configured in SERVICE_ACCOUNTS, short-lived tokens with role `service`. Such a token
 * opens the few internal lookups made for it, and nothing else: no public route, no admin route.
 */
describe('service tokens', () => {
  let stack: Stack;
  let admin: TestAccount;
  let seeker: Awaited<ReturnType<typeof seedCandidate>>;

  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'profile', 'gateway'] });
    admin = await adminAccount(stack);
    seeker = await seedCandidate(stack, { fullName: 'Imogen Castellanos' });
  });
  afterAll(() => stack?.close());

  const askToken = (body: unknown) => call(`${stack.url('auth')}/internal/service-tokens`, { body });
  const serviceToken = async () => {
    const answer = await askToken({ account: 'notifications', secret: stack.secrets.notificationsSecret });
    expect(answer.status, answer.text).toBe(200);
    return ZServiceTokenAnswer.parse(answer.body).token;
  };

  it('are issued for the right secret only, short-lived, with role service', async () => {
    const token = await serviceToken();
    const claims = decodeJwt(token);
    expect(claims.role).toBe('service');
    expect(claims.exp! - claims.iat!).toBe(300);

    const wrong = await askToken({ account: 'notifications', secret: 'x'.repeat(43) });
    const unknown = await askToken({ account: 'reports', secret: stack.secrets.notificationsSecret });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);
    expect((await askToken({ account: 'notifications' })).status).toBe(400);
  });

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
