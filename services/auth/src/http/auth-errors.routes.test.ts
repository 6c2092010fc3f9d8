import { beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, authHarness } from '../testing/harness';

describe('registration and sign-in refuse bad input with the error shape and write nothing', () => {
  let auth: AuthHarness;
  let adminToken: string;
  const userCount = async () =>
    (await auth.call('/internal/users', { token: adminToken })).body.users.length as number;

  beforeAll(async () => {
    auth = await authHarness();
    adminToken = (await auth.adminAccount()).token;
  });

  const register = (body: unknown) => auth.call('/api/auth/register', { body });

  it.each([
    [
      'a short password',
      { email: 'short@example.com', password: '12345' },
      'Password must be at least 6 characters long',
    ],
    [
      'a bad e-mail',
      { email: 'not-an-email', password: 'kestrel-Tide-42' },
      'Please enter a valid email address',
    ],
    ['no e-mail', { password: 'kestrel-Tide-42' }, 'Email is required'],
    ['no password', { email: 'nopass@example.com' }, 'Password is required'],
    [
      'the admin role',
      { email: 'boss@example.com', password: 'kestrel-Tide-42', userType: 'admin' },
      'Account type must be job_seeker or employer',
    ],
    [
      'an operator instead of an e-mail',
      { email: { $gt: '' }, password: 'kestrel-Tide-42' },
      'Email is required',
    ],
    ['a number as password', { email: 'num@example.com', password: 12345678 }, 'Password is required'],
    [
      'an unknown field',
      { email: 'extra@example.com', password: 'kestrel-Tide-42', isAdmin: true },
      'Unknown field: isAdmin',
    ],
    ['a list as body', [{ email: 'list@example.com', password: 'kestrel-Tide-42' }], undefined],
  ])('refuses %s with 400', async (_, body, message) => {
    const before = await userCount();
    const answer = await register(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: message ?? expect.any(String) });
    expect(answer.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]),
    );
    expect(await userCount()).toBe(before);
  });

  it('refuses malformed JSON with 400 and a 1 MB string with 413', async () => {
    const before = await userCount();
    const malformed = await auth.call('/api/auth/register', { rawBody: '{"email": "x@example.com",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'MALFORMED_JSON' });
    const huge = await register({
      email: `${'a'.repeat(1024 * 1024)}@example.com`,
      password: 'kestrel-Tide-42',
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail already in use, whatever its case, with 409', async () => {
    const account = await auth.register('job_seeker');
    const answer = await register({
      email: account.email.toUpperCase(),
      password: 'another-Kestrel-1',
      userType: 'employer',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT' });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const account = await auth.register('employer');
    const wrongPassword = await auth.signIn(account.email, 'wrong-password');
    const unknownEmail = await auth.signIn(`ghost-${Date.now()}@example.com`, 'wrong-password');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('refuses operator injection at sign-in', async () => {
    const answer = await auth.call('/api/auth/login', {
      body: { email: { $gt: '' }, password: { $gt: '' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
  });
});
