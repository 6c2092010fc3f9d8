import {
  locationNotShown,
  ZCandidateDetailAnswer,
  ZEmployerRequestsAnswer,
  ZSearchAnswer,
} from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type Candidate, type MatchingHarness, matchingHarness } from '../testing/harness';

const job = (startDate: string, endDate: string | null) => ({
  companyName: 'Globex',
  position: 'Engineer',
  startDate,
  endDate,
  isCurrent: endDate === null,
  experienceType: 'professional' as const,
});

describe('search, candidate detail and match requests for a verified employer', () => {
  let h: MatchingHarness;
  let employer: Account;
  let admin: Account;
  let ada: Candidate;
  let bob: Candidate;
  let cleo: Candidate;
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    h.as(employer, '/api/employer')(path, init);
  const search = async (query: string) => ZSearchAnswer.parse((await api(`/search?${query}`)).body);

  beforeAll(async () => {
    h = await matchingHarness();
    admin = await h.admin();
    employer = await h.employer();
    ada = await h.candidate({
      location: 'Berlin, Germany',
      dateOfBirth: '1991-04-02',
      gender: 'female',
      skills: ['React', 'Node.js', 'TypeScript', 'GraphQL', 'AWS', 'Docker', 'Kubernetes'].map((name) => ({
        name,
        proficiencyLevel: 'expert',
      })),
      experiences: [job('2015-01-01', null)],
      education: [
        {
          institution: 'TU Berlin',
          degree: "Master's Degree",
          fieldOfStudy: 'Informatics',
          graduationYear: 2014,
          gpa: 3.8,
        },
      ],
      certifications: [
        {
          name: 'CKA',
          issuer: 'CNCF',
          issueDate: '2022-01-10',
        },
      ],
    });
    bob = await h.candidate({
      location: 'Munich, Germany',
      skills: [{ name: 'React Native', proficiencyLevel: 'beginner' }],
      experiences: [job('2024-01-01', null)],
      education: [{ institution: 'LMU', degree: "Bachelor's Degree" }],
    });
    cleo = await h.candidate({
      location: 'Lyon, France',
      skills: [{ name: 'Go' }],
      experiences: [job('2020-01-01', '2024-01-01')],
      education: [{ institution: 'INSA', degree: 'Doctoral Degree' }],
    });
    expect((await search('')).pagination.totalCount).toBe(3);
  });

  const codes = (answer: Awaited<ReturnType<typeof search>>) =>
    answer.candidates.map((c) => c.unique_code).sort();

  it('filters by skills, location, experience and education, alone and combined', async () => {
    expect(codes(await search('skills=react'))).toEqual([ada.uniqueCode, bob.uniqueCode].sort());
    expect(codes(await search('skills=REACT,%20typescript'))).toEqual([ada.uniqueCode]);
    expect(codes(await search('location=germany'))).toEqual([ada.uniqueCode, bob.uniqueCode].sort());
    expect(codes(await search('experience=senior'))).toEqual([ada.uniqueCode]);
    expect(codes(await search('experience=mid'))).toEqual([cleo.uniqueCode]);
    expect(codes(await search('experience=entry'))).toEqual([bob.uniqueCode]);
    expect(codes(await search('education=phd'))).toEqual([cleo.uniqueCode]);
    expect(codes(await search('education=bachelor'))).toEqual([bob.uniqueCode]);
    expect(codes(await search('skills=react&location=berlin&experience=senior&education=master'))).toEqual([
      ada.uniqueCode,
    ]);
    expect((await search('skills=cobol')).candidates).toEqual([]);
  });

  it('understands a skill by any of its names, in both directions, and keeps an unknown one as typed', async () => {
    // Ada typed "Kubernetes", "TypeScript" and "Node.js"; Cleo typed "Go"
    expect(codes(await search('skills=k8s'))).toEqual([ada.uniqueCode]);
    expect(codes(await search('skills=TS,NodeJS'))).toEqual([ada.uniqueCode]);
    expect(codes(await search('skills=golang'))).toEqual([cleo.uniqueCode]);
    // "js" still finds "Node.js" by its text, as before
    expect(codes(await search('skills=js'))).toEqual([ada.uniqueCode]);
    expect((await search('skills=k9s')).candidates).toEqual([]);
  });

  it("finds a candidate who typed a synonym by the skill's own name", async () => {
    const dana = await h.candidate({
      location: 'Porto, Portugal',
      skills: [{ name: 'JS' }, { name: 'Postgres' }],
    });
    try {
      expect(codes(await search('skills=javascript'))).toEqual([dana.uniqueCode]);
      expect(codes(await search('skills=PostgreSQL,%20ecmascript'))).toEqual([dana.uniqueCode]);
    } finally {
      h.setSettings(dana, { paused: true });
    }
  });

  // three candidates in three places: none is alike four others, so no place, age or gender is
  // shown (employer-anonymity.routes.test.ts shows them for five alike)
  it('answers cards with counts and every skill, paged', async () => {
    const answer = await search('skills=kubernetes');
    expect(answer.candidates).toEqual([
      {
        id: ada.candidateId,
        unique_code: ada.uniqueCode,
        location: locationNotShown,
        skills: ['React', 'Node.js', 'TypeScript', 'GraphQL', 'AWS', 'Docker', 'Kubernetes'].map((name) => ({
          name,
        })),
        experience_count: 1,
        education_count: 1,
        // Ada's Kubernetes is at expert level: the whole score
        fit: {
          score: 100,
          label: 'Strong fit',
          ranking: 'fit-2',
          matched: ['Kubernetes'],
          missing: [],
          factors: { skills: 100, experience: null, education: null },
        },
      },
    ]);
    const first = await search('limit=2&page=1');
    const second = await search('limit=2&page=2');
    expect(first.pagination).toMatchObject({
      currentPage: 1,
      hasPrev: false,
      hasNext: true,
      totalCount: 3,
      totalPages: 2,
    });
    expect(second.pagination).toMatchObject({ currentPage: 2, hasPrev: true, hasNext: false });
    expect(second.candidates).toHaveLength(1);
    expect(new Set([...first.candidates, ...second.candidates].map((c) => c.id)).size).toBe(3);
  });

  it('refuses bad filters', async () => {
    expect((await api('/search?experience=ancient')).status).toBe(400);
    expect((await api('/search?limit=1000')).status).toBe(400);
    expect((await api('/search?page=0')).status).toBe(400);
    expect((await api('/search?skills[$ne]=x')).status).toBe(400);
  });

  it('shows a candidate without the date of birth, and certifications without credentials', async () => {
    // the projection's contract carries neither; one that did would still show neither
    const projection = h.candidates.get(ada.candidateId)!;
    h.candidates.apply({
      ...projection,
      version: projection.version + 1,
      dateOfBirth: '1991-04-02',
      certifications: projection.certifications.map((entry) => ({
        ...entry,
        credentialId: 'CKA-1',
        credentialUrl: 'https://cncf.example/cka-1',
      })),
    } as typeof projection);
    const answer = await api(`/candidate/${ada.candidateId}`);
    expect(answer.status).toBe(200);
    const { candidate } = ZCandidateDetailAnswer.parse(answer.body);
    expect(candidate).toMatchObject({
      unique_code: ada.uniqueCode,
      location: locationNotShown,
      age_band: null,
      gender: null,
    });
    expect(candidate.certifications).toEqual([{ name: 'CKA', issuer: 'CNCF', issue_date: '2022-01-10' }]);
    expect(candidate.education[0]).toMatchObject({ degree: "Master's Degree", gpa: 3.8 });
    expect(answer.text).not.toContain('1991-04-02');
    expect(answer.text).not.toContain('CKA-1');
    expect((await api('/candidate/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d')).status).toBe(404);
  });

  it('sends a request, refuses a second open one, lists it, and follows the admin decisions', async () => {
    const sent = await api('/request-candidate', {
      body: { jobSeekerId: bob.candidateId, message: 'We would love to talk.' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Match request sent to admin for review!');
    expect(sent.body.request).toMatchObject({
      candidate_code: bob.uniqueCode,
      status: 'pending',
      status_label: 'Pending Review',
    });
    const again = await api('/request-candidate', { body: { jobSeekerId: bob.candidateId } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have an open match request for this candidate.');

    const requestId = sent.body.request.id;
    const decide = (body: unknown) => h.as(admin)(`/internal/requests/${requestId}`, { method: 'PUT', body });
    expect((await api(`/unmatch/${requestId}`, { method: 'DELETE' })).status).toBe(409);
    const approved = await decide({
      status: 'approved',
      adminNotes: 'Good fit.',
      contactNote: 'We will e-mail you both.',
    });
    expect(approved.body.message).toBe('Request approved successfully!');

    const { requests } = ZEmployerRequestsAnswer.parse((await api('/requests')).body);
    expect(requests[0]).toMatchObject({
      id: requestId,
      candidate_code: bob.uniqueCode,
      candidate_location: locationNotShown,
      status: 'approved',
      status_label: 'Matched',
      message: 'We would love to talk.',
      admin_notes: 'Good fit.',
      contact_note: 'We will e-mail you both.',
    });

    const unmatched = await api(`/unmatch/${requestId}`, { method: 'DELETE' });
    expect(unmatched.status).toBe(200);
    expect(unmatched.body.message).toBe('Successfully unmatched from candidate');
    expect(unmatched.body.request).toMatchObject({ status: 'unmatched', status_label: 'Unmatched' });
    expect((await api(`/unmatch/${requestId}`, { method: 'DELETE' })).status).toBe(409);
    // closed: a new request for the same candidate is allowed again
    expect((await api('/request-candidate', { body: { jobSeekerId: bob.candidateId } })).status).toBe(201);
  });

  it("shows each status label and keeps other employers' requests apart", async () => {
    const other = await h.employer();
    const request = await h.as(other, '/api/employer')('/request-candidate', {
      body: { jobSeekerId: cleo.candidateId },
    });
    expect(request.status).toBe(201);

    const id = request.body.request.id;
    await h.as(admin)(`/internal/requests/${id}`, { method: 'PUT', body: { status: 'rejected' } });
    const mine = ZEmployerRequestsAnswer.parse((await h.as(other, '/api/employer')('/requests')).body);
    expect(mine.requests.map((r) => r.status_label)).toEqual(['Not Approved']);
    const theirs = ZEmployerRequestsAnswer.parse((await api('/requests')).body);
    expect(theirs.requests.some((r) => r.id === id)).toBe(false);
    expect((await api(`/unmatch/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses illegal admin transitions with 409', async () => {
    const sent = await api('/request-candidate', { body: { jobSeekerId: ada.candidateId } });
    const id = sent.body.request.id;
    const decide = (status: string) =>
      h.as(admin)(`/internal/requests/${id}`, { method: 'PUT', body: { status } });
    expect((await decide('connected')).status).toBe(409);
    expect((await decide('approved')).status).toBe(200);
    expect((await decide('rejected')).status).toBe(409);
    expect((await decide('pending')).body.message).toBe('Request pending successfully!');
    expect((await decide('rejected')).status).toBe(200);
    expect((await decide('approved')).status).toBe(409);
  });
});
