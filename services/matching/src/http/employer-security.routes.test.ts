import { beforeAll, describe, expect, it } from 'vitest';
import { type MatchingHarness, matchingHarness } from '../testing/harness';

const notVerified = 'Your account needs to be verified before you can search candidates.';

// how soon a verification, a revocation and a suspension reach this service from the other
// services is in flows.int.test.ts
describe('the verification gate', () => {
  let h: MatchingHarness;
  beforeAll(async () => {
    h = await matchingHarness();
  });

  it('refuses search, details and requests before verification and again after a revocation', async () => {
    const candidate = await h.candidate({ skills: [{ name: 'Rust' }] });
    const employer = await h.employer({ verified: false });
    const api = h.as(employer, '/api/employer');
    const calls = () => [
      api('/search'),
      api(`/candidate/${candidate.candidateId}`),
      api('/request-candidate', { body: { jobSeekerId: candidate.candidateId } }),
    ];
    for (const answer of await Promise.all(calls())) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: notVerified, code: 'NOT_VERIFIED' });
    }
    expect((await api('/requests')).body).toEqual({ requests: [] });

    h.setVerification(employer, true);
    expect((await api('/search')).status).toBe(200);

    h.setVerification(employer, false);
    for (const answer of await Promise.all(calls())) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: notVerified, code: 'NOT_VERIFIED' });
    }
  });

  it('takes a suspended job seeker out of search', async () => {
    const employer = await h.employer();
    const candidate = await h.candidate({ skills: [{ name: 'Elixir' }] });
    const api = h.as(employer, '/api/employer');
    const found = async () => {
      const answer = await api('/search?skills=elixir');
      expect(answer.status).toBe(200);
      return (answer.body.candidates as { id: string }[]).some((c) => c.id === candidate.candidateId);
    };
    expect(await found()).toBe(true);
    h.setAccountStatus(candidate, 'deleted');
    expect(await found()).toBe(false);
    expect((await api(`/candidate/${candidate.candidateId}`)).status).toBe(404);
  });

  it('checks tokens itself and keeps the internal routes for admins', async () => {
    const employer = await h.employer();
    const seeker = await h.jobSeeker();
    expect((await h.call('/api/employer/search')).status).toBe(401);
    expect((await h.as(seeker)('/api/employer/search')).status).toBe(403);
    expect((await h.as(employer)('/internal/requests')).status).toBe(403);
  });

  it('refuses bad request input and changes nothing', async () => {
    const employer = await h.employer();
    const candidate = await h.candidate();
    const api = h.as(employer, '/api/employer');
    const send = (body: unknown) => api('/request-candidate', { body });
    expect((await send({ jobSeekerId: 'not-an-id' })).status).toBe(400);
    expect((await send({ jobSeekerId: { $ne: null } })).status).toBe(400);
    expect((await send({ jobSeekerId: candidate.candidateId, message: 'x'.repeat(1001) })).body.message).toBe(
      'Message must be at most 1000 characters',
    );
    expect((await send({ jobSeekerId: candidate.candidateId, extra: 1 })).status).toBe(400);
    expect((await send({ jobSeekerId: '6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d' })).status).toBe(404);
    expect((await api('/requests')).body.requests).toEqual([]);
    expect(h.requests.all()).toEqual([]);
    // a candidate's code where its id belongs: a 400 that says so (it said "Not found" with a 400)
    const byCode = await api(`/candidate/${candidate.uniqueCode}`);
    expect(byCode.status).toBe(400);
    expect(byCode.body).toEqual({
      message: 'Not a candidate id',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'id', message: 'Not a candidate id' }],
    });
  });
});
