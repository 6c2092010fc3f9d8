import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commonPasswordMessage, myDataPath } from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  registerAccount,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  signIn,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { SignJWT } from 'jose';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { doors, heading, mintToken, probeRouteOf, refusedBy, signingKeyOf } from './support';

let stack: Stack;
let admin: TestAccount;
let employer: TestAccount;
let seeker: Awaited<ReturnType<typeof seedCandidate>>;

beforeAll(async () => {
  stack = await startStack({ infra: inject('infra') });
  admin = await adminAccount(stack);
  employer = await seedEmployer(stack);
  seeker = await seedCandidate(stack, { fullName: 'Ottilie Brandvold', phone: '+47 912 34 567' });
}, 240000);
afterAll(async () => {
  await stack?.close();
}, 120000);

/** Tries a token at the gateway and at every service's own door. */
async function tryEverywhere(h: ReturnType<typeof heading>, what: string, token: string) {
  for (const [door, base] of Object.entries(doors(stack))) {
    h.attempt(`${what} at ${door}`, await refusedBy(base, probeRouteOf[door]!, token));
  }
}

describe('1. the signing key and the token subjects', () => {
  const h = heading('1. signing key at rest, unknown subjects');
  afterAll(() => h.report());

  it('keeps no private key material readable in the database or the logs', async () => {
    const client = new MongoClient(inject('infra').mongoUrl);
    await client.connect();
    try {
      const keys = await client.db(`${stack.namespace}_auth`).collection('signing_keys').find().toArray();
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        const text = JSON.stringify(key);
        h.attempt(
          `signing key ${key._id} stored in the clear`,
          !/"d":"/.test(text) && !('privateJwk' in key),
        );
      }
    } finally {
      await client.close();
    }
    for (const file of readdirSync(stack.logDir)) {
      const log = readFileSync(join(stack.logDir, file), 'utf8');
      h.attempt(
        `private key material in ${file}`,
        !/"d":"|sealedPrivateJwk|SIGNING_KEY_ENCRYPTION_KEY=/.test(log),
      );
    }
  });

  it('refuses tokens signed with a key of its own, unsigned ones and algorithm confusion', async () => {
    const { kid } = await signingKeyOf(stack, inject('infra').mongoUrl);
    const { privateKey } = generateKeyPairSync('ed25519');
    const stranger = await mintToken({ kid, key: privateKey }, { sub: admin.id });
    await tryEverywhere(h, 'a token signed with another key', stranger);
    const [, payload] = stranger.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    await tryEverywhere(h, 'an unsigned token', none);
    const jwks = (await call(`${stack.url('auth')}/.well-known/jwks.json`)).body as {
      keys: Array<{ x: string }>;
    };
    const confused = await new SignJWT({ role: 'admin', iat_ms: Date.now() })
      .setProtectedHeader({ alg: 'HS256', kid, typ: 'at+jwt' })
      .setIssuer('meritmatch-auth')
      .setAudience('meritmatch')
      .setSubject(admin.id)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(jwks.keys[0]!.x));
    await tryEverywhere(h, 'an HS256 token keyed with the public key', confused);
  });

  it('refuses a validly signed token whose subject never existed, and takes a new user at once', async () => {
    const signer = await signingKeyOf(stack, inject('infra').mongoUrl);
    for (const role of ['admin', 'employer', 'job_seeker']) {
      await tryEverywhere(
        h,
        `a ${role} token for nobody`,
        await mintToken(signer, { role, issuedAtMs: Date.now() - 120000 }),
      );
    }
    // registered a moment ago: their token works at once, everywhere
    const fresh = await registerAccount(stack, 'job_seeker');
    const created = await call(`${stack.api}/job-seeker/profile`, {
      token: fresh.token,
      body: { fullName: 'Fresh Registrant', location: 'Oslo, Norway', dateOfBirth: '1994-02-03' },
    });
    expect(created.status).toBe(201);
  });
});

describe('2. signing out ends the session everywhere', () => {
  const h = heading('2. logout');
  afterAll(() => h.report());

  it('refuses the token at the gateway and every service within a second of the logout', async () => {
    for (let round = 0; round < 3; round++) {
      const account = await registerAccount(stack, 'employer');
      const other = await signIn(stack, account.email, account.password);
      const out = await call(`${stack.api}/auth/logout`, { method: 'POST', token: account.token });
      expect(out.status).toBe(200);
      const loggedOut = Date.now();
      await eventually(
        async () => {
          for (const [door, base] of Object.entries(doors(stack))) {
            if (!(await refusedBy(base, probeRouteOf[door]!, account.token))) return false;
          }
          return true;
        },
        { what: 'the signed-out token refused everywhere', timeoutMs: 1000, intervalMs: 50 },
      ).catch(() => undefined);
      const took = Date.now() - loggedOut;
      await tryEverywhere(h, `a signed-out token (${took} ms after the logout)`, account.token);
      h.attempt('the refusal took longer than a second', took <= 1000);
      // only that session ended: the same user's other sign-in still works
      expect((await call(`${stack.api}/auth/me`, { token: other.body.token })).status).toBe(200);
      expect(
        (await call(`${stack.api}/auth/logout`, { method: 'POST', token: other.body.token })).status,
      ).toBe(200);
    }
    h.attempt(
      'a logout without a token',
      (await call(`${stack.api}/auth/logout`, { method: 'POST' })).status === 401,
    );
  });
});

describe('5. names of places and organisations stay; the person stays hidden', () => {
  const h = heading('5. name masking');
  afterAll(() => h.report());

  it('finds Florence in Florence by her place, and hides Florence Marlowe everywhere an employer looks', async () => {
    const florence = await seedCandidate(stack, {
      fullName: 'Florence Marlowe',
      location: 'Florence, Italy',
      skills: [{ name: 'Restoration' }],
      experiences: [
        {
          position: 'Conservator',
          companyName: 'Florence Marlowe Studio',
          startDate: '2015-01-01',
          isCurrent: true,
          description: 'Florence restores frescoes; reach Marlowe at florence.marlowe@example.com',
        },
      ],
    });
    const found = await eventually(
      async () => {
        const answer = await call(`${stack.api}/employer/search?location=Florence`, {
          token: employer.token,
        });
        return answer.body.candidates?.find((c: { id: string }) => c.id === florence.candidateId)
          ? answer
          : undefined;
      },
      { what: 'Florence found by her city', timeoutMs: 30000 },
    );
    const detail = await call(`${stack.api}/employer/candidate/${florence.candidateId}`, {
      token: employer.token,
    });
    // her place was not taken for her name: the filter found her by it, and what is shown of it is
    // the place (as wide as five candidates share it), never a mask
    h.attempt(
      'the place masked as a name',
      !String(detail.body.candidate.location).includes('[name hidden]'),
    );
    // the routes of positions: a search from one, a request naming one, the lists
    const position = await call(`${stack.api}/employer/positions`, {
      token: employer.token,
      body: {
        title: 'Fresco conservator',
        description: 'Restore the chapel.',
        workMode: 'on-site',
        location: 'Florence',
        country: 'IT',
        salary: { min: 30000, max: 40000, currency: 'EUR' },
        mustHave: ['Restoration'],
        niceToHave: [],
        experience: 'all',
        education: 'all',
        startWithinWeeks: null,
      },
    });
    const positionId = position.body.position.id as string;
    const fromPosition = await call(
      `${stack.api}/employer/search?skills=Restoration&location=Florence&position=${positionId}`,
      { token: employer.token },
    );
    const requested = await call(`${stack.api}/employer/request-candidate`, {
      token: employer.token,
      body: { jobSeekerId: florence.candidateId, positionId },
    });
    const requests = await call(`${stack.api}/employer/requests`, { token: employer.token });
    const positions = await call(`${stack.api}/employer/positions`, { token: employer.token });
    for (const [what, text] of [
      ['search', found.text],
      ['detail', detail.text],
      ['search from a position', fromPosition.text],
      ['request naming a position', requested.text],
      ['requests', requests.text],
      ['positions', positions.text],
    ] as const) {
      h.attempt(`the full name in the ${what}`, !/Florence Marlowe/i.test(text));
      h.attempt(`the surname in the ${what}`, !/Marlowe/i.test(text));
      h.attempt(`the e-mail in the ${what}`, !/florence\.marlowe@example\.com/i.test(text));
    }
    const description = detail.body.candidate.experiences[0].description as string;
    h.attempt('a first name in the narrative', !/\bFlorence\b/.test(description));
  });
});

describe('6. smaller gaps', () => {
  const h = heading('6. token type and age, common passwords, caching, query errors');
  afterAll(() => h.report());

  it('refuses tokens of another type, too old, living too long, or for another issuer or audience', async () => {
    const signer = await signingKeyOf(stack, inject('infra').mongoUrl);
    const as = { sub: admin.id, role: 'admin' };
    await tryEverywhere(h, 'a token of type JWT', await mintToken(signer, { ...as, typ: 'JWT' }));
    await tryEverywhere(
      h,
      'a token issued 25 hours ago',
      await mintToken(signer, { ...as, issuedAtMs: Date.now() - 25 * 3600000, lifetimeSeconds: 30 * 86400 }),
    );
    await tryEverywhere(
      h,
      'a token living 30 days',
      await mintToken(signer, { ...as, lifetimeSeconds: 30 * 86400 }),
    );
    await tryEverywhere(
      h,
      'a token of another issuer',
      await mintToken(signer, { ...as, issuer: 'someone-else' }),
    );
    await tryEverywhere(
      h,
      'a token for another audience',
      await mintToken(signer, { ...as, audience: 'other' }),
    );
  });

  it('refuses the most common passwords with a clear message', async () => {
    for (const password of [
      'password',
      '123456',
      'qwerty123',
      'iloveyou',
      'letmein',
      'Password1',
      'football',
      'secret123',
    ]) {
      const answer = await call(`${stack.api}/auth/register`, {
        body: { email: `common-${randomUUID()}@example.com`, password, userType: 'job_seeker' },
      });
      h.attempt(
        `the password "${password}"`,
        answer.status === 400 && answer.body.message === commonPasswordMessage,
      );
    }
  });

  it('tells browsers and proxies not to keep answers with personal details', async () => {
    const requestId = await seedMatchRequest(stack, employer, seeker.candidateId);
    const answers = {
      'the job seeker profile': await call(`${stack.api}/job-seeker/profile`, { token: seeker.token }),
      'the admin candidate view': await call(`${stack.api}/admin/candidate/${seeker.candidateId}`, {
        token: admin.token,
      }),
      'the admin user list': await call(`${stack.api}/admin/users`, { token: admin.token }),
      'the admin queue': await call(`${stack.api}/admin/requests`, { token: admin.token }),
      'the session user': await call(`${stack.api}/auth/me`, { token: seeker.token }),
      'the profile service directly': await call(`${stack.url('profile')}/api/job-seeker/profile`, {
        token: seeker.token,
      }),
    };
    expect(requestId).toBeTruthy();
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).toBe(200);
      h.attempt(`${what} cacheable`, answer.headers.get('cache-control') === 'no-store');
    }
  });

  it('names the query string and says what is wrong with a number', async () => {
    const tooBig = await call(`${stack.api}/employer/search?limit=500`, { token: employer.token });
    h.attempt(
      'limit=500 answered wrongly',
      tooBig.status === 400 && tooBig.body.message === 'limit must be at most 50',
    );
    const unknown = await call(`${stack.api}/employer/search?sort=name`, { token: employer.token });
    h.attempt(
      'an unknown query field answered wrongly',
      unknown.status === 400 && unknown.body.details?.[0]?.path === '(query)',
    );
  });
});

/**
 * Every route of the API and who may call it: `anyone`, `signed-in` (any role), or the roles
 * (comma-separated).
 * Every other caller must be refused (401 without a token, 403 with another role); a 2xx for
 * any of them is a wrongly accepted call.
 */
const routeRoles: ReadonlyArray<readonly [method: string, path: string, allowed: string]> = [
  ['POST', '/auth/register', 'anyone'],
  ['POST', '/auth/login', 'anyone'],
  ['GET', '/auth/me', 'signed-in'],
  ['POST', '/auth/logout', 'signed-in'],
  ['POST', '/auth/forgot-password', 'anyone'],
  ['POST', '/auth/reset-password', 'anyone'],
  ['POST', '/auth/change-password', 'signed-in'],
  ['POST', '/auth/email-change', 'signed-in'],
  ['POST', '/auth/sign-out-others', 'signed-in'],
  ['POST', '/auth/account/erase', 'signed-in'],
  ['POST', '/auth/confirm-email', 'anyone'],
  ['POST', '/auth/confirm-email/resend', 'signed-in'],
  ['GET', '/auth/sessions', 'signed-in'],
  ['DELETE', '/auth/sessions/{id}', 'signed-in'],
  ['POST', '/auth/login/second-factor', 'anyone'],
  ['POST', '/auth/login/second-factor/enrolment', 'anyone'],
  ['GET', '/auth/second-factor', 'admin'],
  ['POST', '/auth/second-factor/enrolment', 'admin'],
  ['POST', '/auth/second-factor/enrolment/confirm', 'admin'],
  ['GET', '/job-seeker/profile', 'job_seeker'],
  ['POST', '/job-seeker/profile', 'job_seeker'],
  ['PUT', '/job-seeker/profile', 'job_seeker'],
  ['POST', '/job-seeker/experience', 'job_seeker'],
  ['PUT', '/job-seeker/experience/{id}', 'job_seeker'],
  ['DELETE', '/job-seeker/experience/{id}', 'job_seeker'],
  ['POST', '/job-seeker/education', 'job_seeker'],
  ['PUT', '/job-seeker/education/{id}', 'job_seeker'],
  ['DELETE', '/job-seeker/education/{id}', 'job_seeker'],
  ['POST', '/job-seeker/skills', 'job_seeker'],
  ['DELETE', '/job-seeker/skills/{id}', 'job_seeker'],
  ['GET', '/job-seeker/skill-suggestions', 'job_seeker'],
  ['POST', '/job-seeker/certifications', 'job_seeker'],
  ['PUT', '/job-seeker/certifications/{id}', 'job_seeker'],
  ['DELETE', '/job-seeker/certifications/{id}', 'job_seeker'],
  // the private job preferences: the job seeker's own; employers and admins never through this door
  ['GET', '/job-seeker/preferences', 'job_seeker'],
  ['PUT', '/job-seeker/preferences', 'job_seeker'],
  ['GET', '/employer/profile', 'employer'],
  ['POST', '/employer/profile', 'employer'],
  ['PUT', '/employer/profile', 'employer'],
  ['GET', '/employer/search', 'employer'],
  ['GET', '/employer/candidate/{candidate}', 'employer'],
  ['POST', '/employer/request-candidate', 'employer'],
  ['GET', '/employer/requests', 'employer'],
  ['DELETE', '/employer/unmatch/{id}', 'employer'],
  ['GET', '/employer/positions', 'employer'],
  ['POST', '/employer/positions', 'employer'],
  ['PUT', '/employer/positions/{id}', 'employer'],
  ['POST', '/employer/positions/{id}/close', 'employer'],
  ['POST', '/employer/positions/{id}/reopen', 'employer'],
  ['GET', '/employer/skill-suggestions', 'employer'],
  ['GET', '/employer/saved-searches', 'employer'],
  ['POST', '/employer/saved-searches', 'employer'],
  ['PUT', '/employer/saved-searches/{id}', 'employer'],
  ['DELETE', '/employer/saved-searches/{id}', 'employer'],
  // the job seeker's own weeks in searches (matching, the Interest page's prefix)
  ['GET', '/job-seeker/interest/appearances', 'job_seeker'],
  ['GET', '/admin/stats', 'admin'],
  ['GET', '/admin/requests', 'admin'],
  ['PUT', '/admin/requests/{id}', 'admin'],
  ['GET', '/admin/candidate/{candidate}', 'admin'],
  ['GET', '/admin/contact-logs', 'admin'],
  // the whole log as CSV, streamed
  ['GET', '/admin/contact-logs/export', 'admin'],
  // every search shown to an employer: never readable by another employer or a job seeker
  ['GET', '/admin/search-log', 'admin'],
  ['POST', '/admin/contact-log', 'admin'],
  ['GET', '/admin/users', 'admin'],
  ['GET', '/admin/users/{id}', 'admin'],
  ['PUT', '/admin/users/{id}/status', 'admin'],
  ['POST', '/admin/users/{id}/erasure', 'admin'],
  ['GET', '/admin/erasures', 'admin'],
  ['PUT', '/admin/verify-employer/{id}', 'admin'],
  // "Download my data": the gateway composes every service's part (`/my-data`, tried directly too)
  ['GET', '/account/export', 'job_seeker,employer'],
];

/** The services that each hold a part of "Download my data". */
const myDataOwners = ['auth', 'profile', 'matching', 'notifications', 'admin'] as const;

/** The service behind a route, called directly too: its own check must hold without the gateway. */
const ownerOf = (path: string) =>
  path.startsWith('/auth')
    ? 'auth'
    : path.startsWith('/job-seeker/interest')
      ? 'matching'
      : path.startsWith('/job-seeker') || path.startsWith('/employer/profile')
        ? 'profile'
        : path.startsWith('/employer')
          ? 'matching'
          : 'admin';

/** The internal route an admin route reads from its owner, tried directly with the same tokens. */
const internalDoorOf: Record<string, { area: 'matching'; path: string }> = {
  '/admin/search-log': { area: 'matching', path: '/internal/search-log' },
};

describe('the route × role table', () => {
  const h = heading('route × role table');
  afterAll(() => h.report());

  it('refuses every role a route is not for, at the gateway and at the owning service', async () => {
    const callers: Record<string, string | undefined> = {
      anonymous: undefined,
      job_seeker: seeker.token,
      employer: employer.token,
      admin: admin.token,
    };
    const bodies: Record<string, unknown> = { POST: {}, PUT: {}, DELETE: undefined, GET: undefined };
    for (const [method, template, allowed] of routeRoles) {
      const path = template.replace('{id}', randomUUID()).replace('{candidate}', seeker.candidateId);
      for (const [role, token] of Object.entries(callers)) {
        const may =
          allowed === 'anyone' ||
          (allowed === 'signed-in' ? token !== undefined : allowed.split(',').includes(role));
        if (may) continue;
        const expected = token ? 403 : 401;
        // the export has no owner of its own: each service's part is tried at its door instead
        const internal = internalDoorOf[template];
        const direct: Array<readonly [string, string]> =
          template === '/account/export'
            ? myDataOwners.map((area) => [area, `${stack.url(area)}${myDataPath}`] as const)
            : [
                [ownerOf(template), `${doors(stack)[ownerOf(template)]}${path}`],
                ...(internal
                  ? [[`${internal.area} (internal)`, `${stack.url(internal.area)}${internal.path}`] as const]
                  : []),
              ];
        for (const [door, url] of [['gateway', `${stack.api}${path}`] as const, ...direct]) {
          const answer = await call(url, {
            method,
            ...(token ? { token } : {}),
            ...(bodies[method] !== undefined ? { body: bodies[method] } : {}),
          });
          h.attempt(
            `${method} ${template} as ${role} at ${door} (${answer.status})`,
            answer.status === expected,
          );
        }
      }
    }
  });
});
