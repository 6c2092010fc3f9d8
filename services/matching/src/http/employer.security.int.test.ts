import {
  call,
  eventually,
  registerAccount,
  type Stack,
  seedCandidate,
  seedEmployer,
  setVerification,
  startStack,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const notVerified = 'Your account needs to be verified before you can search candidates.';

describe('the verification gate', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'profile', 'matching', 'gateway'],
    });
  });
  afterAll(() => stack?.close());

  it('refuses search, details and requests before verification and again within seconds of a revocation', async () => {
    const candidate = await seedCandidate(stack, { skills: [{ name: 'Rust' }] });
    const employer = await seedEmployer(stack, { verified: false });
    const calls = () => [
      call(`${stack.api}/employer/search`, { token: employer.token }),
      call(`${stack.api}/employer/candidate/${candidate.candidateId}`, { token: employer.token }),
      call(`${stack.api}/employer/request-candidate`, {
        token: employer.token,
        body: { jobSeekerId: candidate.candidateId },
      }),
    ];
    for (const answer of await Promise.all(calls())) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: notVerified, code: 'NOT_VERIFIED' });
    }
    expect((await call(`${stack.api}/employer/requests`, { token: employer.token })).body).toEqual({
      requests: [],
    });

    await setVerification(stack, employer.id, true);
    await eventually(
      async () => (await call(`${stack.api}/employer/search`, { token: employer.token })).status === 200,
      {
        what: 'verification reached matching',
      },
    );

    await setVerification(stack, employer.id, false);
    const started = Date.now();
    await eventually(
      async () => (await call(`${stack.api}/employer/search`, { token: employer.token })).status === 403,
      {
        what: 'revocation reached matching',
        timeoutMs: 5000,
      },
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('takes a suspended job seeker out of search within seconds', async () => {
    const employer = await seedEmployer(stack);
    const candidate = await seedCandidate(stack, { skills: [{ name: 'Elixir' }] });
    const found = async () => {
      const answer = await call(`${stack.api}/employer/search?skills=elixir`, { token: employer.token });
      return answer.status === 200
        ? (answer.body.candidates as { id: string }[]).some((c) => c.id === candidate.candidateId)
        : false;
    };
    await eventually(found, { what: 'candidate listed' });
    const { adminAccount } = await import('@meritmatch/testkit');
    const admin = await adminAccount(stack);
    await call(`${stack.url('auth')}/internal/users/${candidate.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'deleted' },
    });
    await eventually(async () => !(await found()), { what: 'candidate gone from search', timeoutMs: 10000 });
    expect(
      (await call(`${stack.api}/employer/candidate/${candidate.candidateId}`, { token: employer.token }))
        .status,
    ).toBe(404);
  });

  it('checks tokens itself and keeps the internal routes for admins', async () => {
    const employer = await seedEmployer(stack);
    const seeker = await registerAccount(stack, 'job_seeker');
    expect((await call(`${stack.url('matching')}/api/employer/search`)).status).toBe(401);
    expect((await call(`${stack.url('matching')}/api/employer/search`, { token: seeker.token })).status).toBe(
      403,
    );
    expect((await call(`${stack.url('matching')}/internal/requests`, { token: employer.token })).status).toBe(
      403,
    );
  });

  it('refuses bad request input and changes nothing', async () => {
    const employer = await seedEmployer(stack);
    const candidate = await seedCandidate(stack);
    const send = (body: unknown) =>
      call(`${stack.api}/employer/request-candidate`, { token: employer.token, body });
    await eventually(async () => (await send({ jobSeekerId: 'not-an-id' })).status === 400, {
      what: 'verified',
    });
    expect((await send({ jobSeekerId: { $ne: null } })).status).toBe(400);
    expect((await send({ jobSeekerId: candidate.candidateId, message: 'x'.repeat(1001) })).body.message).toBe(
      'Message must be at most 1000 characters',
    );
    expect((await send({ jobSeekerId: candidate.candidateId, extra: 1 })).status).toBe(400);
    expect((await send({ jobSeekerId: '6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d' })).status).toBe(404);
    expect((await call(`${stack.api}/employer/requests`, { token: employer.token })).body.requests).toEqual(
      [],
    );
    // a candidate's code where its id belongs: a 400 that says so (it said "Not found" with a 400)
    const byCode = await call(`${stack.api}/employer/candidate/${candidate.uniqueCode}`, {
      token: employer.token,
    });
    expect(byCode.status).toBe(400);
    expect(byCode.body).toEqual({
      message: 'Not a candidate id',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'id', message: 'Not a candidate id' }],
    });
  });
});
