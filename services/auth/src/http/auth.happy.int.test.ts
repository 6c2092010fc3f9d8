import { readdirSync, readFileSync } from 'node:fs';
import { call, registerAccount, type Stack, signIn, startStack } from '@meritmatch/testkit';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashingNice } from '../domain/passwords';

/** The nice value of each thread of process `pid`, by thread id (Linux: per thread). */
const niceOfThreads = (pid: number) =>
  new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return [Number(tid), Number(fields[16])] as const;
    }),
  );

describe('registration and sign-in through the gateway', () => {
  let stack: Stack;
  /** The nice values of auth's hashing threads right after its start, before any test signs up or in. */
  let hashingAtStart: number[];
  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'gateway'] });
    // read here, not in the test: whatever order the tests run in, none has hashed yet
    hashingAtStart = [...niceOfThreads(stack.pid('auth') as number).values()].filter(
      (value) => value === hashingNice,
    );
  });
  afterAll(() => stack?.close());

  it('idles without a hashing thread once the first admin is written at start', () => {
    expect(hashingAtStart).toEqual([]);
  });

  it.each(['job_seeker', 'employer'] as const)(
    'registers a %s and answers { user, token }',
    async (userType) => {
      const email = `New.${userType}.${Date.now()}@Example.com`;
      const answer = await call(`${stack.api}/auth/register`, {
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

  it('defaults the account type to job_seeker', async () => {
    const answer = await call(`${stack.api}/auth/register`, {
      body: { email: `default-${Date.now()}@example.com`, password: 'kestrel-Tide-42' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.user.userType).toBe('job_seeker');
  });

  it('issues an Ed25519 token with issuer, audience, subject, role, id and an 8-hour expiry', async () => {
    const account = await registerAccount(stack, 'employer');
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
    const account = await registerAccount(stack, 'job_seeker');
    const answer = await signIn(stack, account.email.toUpperCase(), account.password);
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
    const jwks = await call(`${stack.url('auth')}/.well-known/jwks.json`);
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
    const answer = await signIn(stack, stack.admin.email, stack.admin.password);
    expect(answer.status).toBe(200);
    expect(answer.body.user.userType).toBe('admin');
  });
});
