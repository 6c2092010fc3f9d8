import { type PersonalDetail, ZInternalCandidateAnswer, ZJobSeekerLookupAnswer } from '@meritmatch/contracts';
import { createAreaApp, createLogger } from '@meritmatch/service-kit';
import { describe, expect, it } from 'vitest';
import { type JobSeekerProfile, newProfile } from '../domain/job-seeker-profile';
import type { DetailsRead } from '../use-cases/access-log';
import { profileErrors } from './errors';
import { internalCandidateRoutes, internalJobSeekerRoutes } from './internal-candidate-routes';

const adminId = '44444444-4444-4444-8444-444444444444';
const requestId = '55555555-5555-4555-8555-555555555555';
const employerId = '33333333-3333-4333-8333-333333333333';
const at = new Date('2026-05-04T10:00:00Z');

const profileOf = (n: number, phone: string | null): JobSeekerProfile =>
  newProfile(
    {
      fullName: `Person Number${n}`,
      phone: phone ?? undefined,
      location: 'Leeds, UK',
      dateOfBirth: '1990-01-01',
    },
    {
      userId: `1111111${n}-1111-4111-8111-111111111111`,
      candidateId: `2222222${n}-2222-4222-8222-222222222222`,
      uniqueCode: `EM00000${n}`,
    },
    at,
  );
const ada = profileOf(1, '+44 20 7946 0958');
const dev = profileOf(2, null);

type Recorded = { adminUserId: string; details: PersonalDetail[]; jobSeekers: DetailsRead['jobSeekers'] };

function appWith(record: (read: Recorded) => Promise<void>) {
  const all = [ada, dev];
  const profiles = {
    findByCandidateId: async (id: string) => all.find((p) => p.candidateId === id) ?? null,
    findManyByUserIds: async (ids: string[]) => all.filter((p) => ids.includes(p.userId)),
    findManyByCandidateIds: async (ids: string[]) => all.filter((p) => ids.includes(p.candidateId)),
  };
  const accessLog = {
    recordRead: (adminUserId: string, details: PersonalDetail[], jobSeekers: DetailsRead['jobSeekers']) =>
      record({ adminUserId, details, jobSeekers }),
  };
  const app = createAreaApp({
    service: 'profile',
    logger: createLogger('profile-test', 'silent'),
    readiness: [],
    domainErrors: profileErrors,
    // the admin's token, as the real app's area checks it
    verifyToken: async () => ({
      userId: adminId,
      role: 'admin',
      tokenId: 'token-1',
      expiresAt: new Date(Date.now() + 3600_000),
    }),
    areas: [
      {
        prefix: '/internal/candidates',
        roles: ['admin'],
        routes: internalCandidateRoutes({ profiles, accessLog }),
      },
      {
        prefix: '/internal/job-seekers',
        roles: ['admin'],
        routes: internalJobSeekerRoutes({ profiles, accessLog }),
      },
    ],
  });
  const headers = { authorization: 'Bearer header.payload.signature', 'content-type': 'application/json' };
  return {
    get: (path: string) => app.request(path, { headers }),
    post: (path: string, body: unknown) =>
      app.request(path, { method: 'POST', headers, body: JSON.stringify(body) }),
  };
}

describe("the owner's internal reads of personal details", () => {
  it('records the candidate detail with its reason before answering it', async () => {
    const recorded: Recorded[] = [];
    const app = appWith(async (read) => void recorded.push(read));
    const answer = await app.get(
      `/internal/candidates/${ada.candidateId}?reason=match-request:${requestId}:${employerId}`,
    );
    expect(answer.status).toBe(200);
    expect(ZInternalCandidateAnswer.parse(await answer.json()).candidate.full_name).toBe('Person Number1');
    expect(recorded).toEqual([
      {
        adminUserId: adminId,
        details: ['name', 'phone'],
        jobSeekers: [{ userId: ada.userId, reason: { purpose: 'match-request', requestId, employerId } }],
      },
    ]);
    expect((await app.get(`/internal/candidates/${dev.candidateId}`)).status).toBe(200);
    expect(recorded[1]).toMatchObject({
      details: ['name'],
      jobSeekers: [{ userId: dev.userId, reason: { purpose: 'user-management' } }],
    });
    expect((await app.get(`/internal/candidates/${ada.candidateId}?reason=curiosity`)).status).toBe(400);
    expect(recorded).toHaveLength(2);
  });

  it('serves no name or phone when the record cannot be written', async () => {
    const app = appWith(async () => {
      throw new Error('database down');
    });
    const detail = await app.get(`/internal/candidates/${ada.candidateId}`);
    const lookup = await app.post('/internal/job-seekers/lookup', {
      candidateIds: [ada.candidateId],
      names: [{ id: ada.candidateId, reason: { purpose: 'user-management' } }],
    });
    for (const answer of [detail, lookup]) {
      expect(answer.status).toBe(500);
      const text = await answer.text();
      expect(text).not.toContain('Person Number1');
      expect(text).not.toContain('7946');
    }
  });

  it('names in a lookup only the job seekers asked for, each read recorded with its reason', async () => {
    const recorded: Recorded[] = [];
    const app = appWith(async (read) => void recorded.push(read));
    const forRequest = { purpose: 'match-request', requestId, employerId } as const;
    const answer = await app.post('/internal/job-seekers/lookup', {
      candidateIds: [ada.candidateId, dev.candidateId],
      names: [
        { id: ada.candidateId, reason: forRequest },
        { id: ada.userId, reason: forRequest },
        { id: '99999999-9999-4999-8999-999999999999', reason: forRequest },
      ],
    });
    expect(answer.status).toBe(200);
    const { job_seekers } = ZJobSeekerLookupAnswer.parse(await answer.json());
    expect(job_seekers.map((s) => s.full_name)).toEqual(['Person Number1', null]);
    expect(recorded).toEqual([
      { adminUserId: adminId, details: ['name'], jobSeekers: [{ userId: ada.userId, reason: forRequest }] },
    ]);
  });
});
