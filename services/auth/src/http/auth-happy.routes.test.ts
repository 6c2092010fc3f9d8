import { decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, authHarness } from '../testing/harness';

describe('registration and sign-in', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await authHarness();
  });

  it.each(['job_seeker', 'employer'] as const)(
    'registers a %s and answers { user, token }',
    async (userType) => {
      const email = `New.${userType}.${Date.now()}@Example.com`;
      const answer = await auth.call('/api/auth/register', {
        body: { email, password: 'kestrel-Tide-42', userType },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        user: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          email: email.toLowerCase(),
          userType,
          // a link to confirm it has been sent
          emailConfirmed: false,
        },
        token: expect.any(String),
      });
    },
  );

  it('defaults the account type to job_seeker', async () => {
    const answer = await auth.call('/api/auth/register', {
      body: { email: `default-${Date.now()}@example.com`, password: 'kestrel-Tide-42' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.user.userType).toBe('job_seeker');
  });

  it('issues an Ed25519 token with issuer, audience, subject, role, id and an 8-hour expiry', async () => {
    const account = await auth.register('employer');
    expect(decodeProtectedHeader(account.token)).toMatchObject({ alg: 'EdDSA', kid: expect.any(String) });
    const claims = decodeJwt(account.token);
    expect(claims).toMatchObject({
      iss: 'meritmatch-auth',
      aud: 'meritmatch',
      sub: account.id,
      role: 'employer',
    });
    expect(claims.jti).toEqual(expect.any(String));
    expect(claims.exp! - claims.iat!).toBe(8 * 60 * 60);
  });

  it('signs in with the e-mail in any case and answers the user with its type', async () => {
    const account = await auth.register('job_seeker');
    const answer = await auth.signIn(account.email.toUpperCase(), account.password);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual({
      id: account.id,
      email: account.email,
      userType: 'job_seeker',
      emailConfirmed: false,
    });
    expect(decodeJwt(answer.body.token).sub).toBe(account.id);
  });

  it('serves the public keys as a JWKS with no private part', async () => {
    const jwks = await auth.call('/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys[0]).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      use: 'sig',
      kid: expect.any(String),
    });
    expect(JSON.stringify(jwks.body)).not.toContain('"d"');
  });

  it('created the admin account from the environment, which can sign in', async () => {
    const answer = await auth.signIn(auth.admin.email, auth.admin.password);
    expect(answer.status).toBe(200);
    expect(answer.body.user.userType).toBe('admin');
  });
});
