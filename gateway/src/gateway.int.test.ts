import { randomInt } from 'node:crypto';
import {
  accessViewerLabel,
  accountExportFormat,
  type EmployerExport,
  type JobSeekerExport,
  ZAccountExport,
} from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** Letters only, so that it is a valid name and nothing else in the product can contain it by chance. */
const canaryWord = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/**
 * The gateway in front of the real services, on one stack: the flows that cross them. Its own
 * behaviour (routing, tokens and roles, headers, limits, time-outs and breakers, the export's
 * assembly and failures) is tested in process against fake services (`*.routes.test.ts`,
 * `rate-limits.security.test.ts`).
 *
 * "Download my data": a job seeker and an employer with a match request, its approval (contact
 * log, e-mails), an admin's note and an admin's read of the candidate's details; each exports one
 * document with every section gathered from every service, and neither holds the other's personal
 * details (canary values), nor an admin's e-mail or notes.
 */
describe('GET /api/account/export through the real services', () => {
  let stack: Stack;
  let admin: TestAccount;
  let employer: TestAccount;
  let candidate: SeededCandidate;
  let requestId: string;
  const fullName = `Zed ${canaryWord()[0]!.toUpperCase()}${canaryWord()}`;
  const phone = `+49 151 ${randomInt(10000000, 99999999)}`;
  const companyName = `Canary Works ${canaryWord()}`;
  const adminNote = `note about ${canaryWord()}`;

  const exportOf = (token: string) => call(`${stack.api}/account/export`, { token });

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      extraEnv: { notifications: { MAIL_POLL_MS: '200' } },
    });
    admin = await adminAccount(stack);
    candidate = await seedCandidate(stack, {
      fullName,
      phone,
      skills: [{ name: 'Welding', proficiencyLevel: 'expert' }],
      education: [{ institution: 'TU Berlin', degree: "Bachelor's Degree", graduationYear: 2012 }],
    });
    employer = await seedEmployer(stack, { company: { ...companyInputOf(companyName) } });
    requestId = await seedMatchRequest(stack, employer, candidate.candidateId);
    const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
      call(`${stack.api}/admin${path}`, { ...init, token: admin.token });
    // the admin reads the candidate's details for the request, then approves it with a note for the employer
    expect((await adminApi(`/candidate/${candidate.candidateId}?requestId=${requestId}`)).status).toBe(200);
    const approved = await adminApi(`/requests/${requestId}`, {
      method: 'PUT',
      body: {
        status: 'approved',
        adminNotes: `Strong profile: ${fullName}.`,
        contactNote: `Introducing ${fullName} (${phone}) and ${employer.email}.`,
      },
    });
    expect(approved.status, approved.text).toBe(200);
    const note = await adminApi('/contact-log', {
      method: 'POST',
      body: { requestId, action: 'note', notes: `${adminNote}: ${fullName}, ${candidate.email}, ${phone}` },
    });
    expect(note.status, note.text).toBe(201);
  });
  afterAll(() => stack?.close());

  it("gives the job seeker every section of their data, and nobody else's details", async () => {
    const document = await eventually(
      async () => {
        const answer = await exportOf(candidate.token);
        expect(answer.status, answer.text).toBe(200);
        const parsed = ZAccountExport.parse(answer.body) as JobSeekerExport;
        const ready =
          parsed.contactLog.length >= 2 &&
          parsed.accessLog.length >= 1 &&
          parsed.emails.filter((email) => email.status === 'sent').length >= 2;
        return ready ? { parsed, text: answer.text, answer } : undefined;
      },
      { what: "the job seeker's contact log, access log and e-mails", timeoutMs: 30000 },
    );
    const { parsed, text, answer } = document;
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(parsed).toMatchObject({
      format: accountExportFormat,
      role: 'job_seeker',
      account: { id: candidate.id, email: candidate.email, user_type: 'job_seeker', status: 'active' },
      profile: {
        full_name: fullName,
        phone,
        unique_code: candidate.uniqueCode,
        skills: [{ name: 'Welding' }],
        education: [{ institution: 'TU Berlin' }],
        settings: { paused: false },
      },
      matchRequests: [{ id: requestId, company_name: companyName, status: 'approved' }],
    });
    expect(parsed.account.sessions.length).toBeGreaterThanOrEqual(1);
    expect(parsed.emailSettings.length).toBeGreaterThan(0);
    expect(parsed.emails.every((email) => email.request_id === null || email.request_id === requestId)).toBe(
      true,
    );
    expect(parsed.accessLog[0]).toMatchObject({ viewer: accessViewerLabel, purpose: 'match-request' });
    expect(parsed.contactLog.map((entry) => entry.action).sort()).toEqual(['approved_match', 'note']);
    // the employer's and the admin's addresses, the admin's free-text notes: none of them
    for (const other of [employer.email, admin.email, employer.id, admin.id, adminNote])
      expect(text).not.toContain(other);
  });

  it('gives the employer every section, naming the candidate by code only', async () => {
    const { parsed, text } = await eventually(
      async () => {
        const answer = await exportOf(employer.token);
        expect(answer.status, answer.text).toBe(200);
        const parsed = ZAccountExport.parse(answer.body) as EmployerExport;
        const sent = parsed.emails.filter((email) => email.status === 'sent');
        return parsed.contactLog.length >= 2 && sent.length >= 1 ? { parsed, text: answer.text } : undefined;
      },
      { what: "the employer's contact log and e-mails", timeoutMs: 30000 },
    );
    expect(parsed).toMatchObject({
      format: accountExportFormat,
      role: 'employer',
      account: { id: employer.id, email: employer.email, user_type: 'employer' },
      companyProfile: { company_name: companyName, verified: true },
      matchRequests: [{ id: requestId, candidate_code: candidate.uniqueCode, status: 'approved' }],
    });
    expect(parsed.emails.some((email) => email.candidate_code === candidate.uniqueCode)).toBe(true);
    expect(parsed.emailSettings.length).toBeGreaterThan(0);
    expect(parsed.contactLog.map((entry) => entry.action).sort()).toEqual(['approved_match', 'note']);
    // the candidate's name (whole or any word of it), e-mail, phone and user id; the admin's address and notes
    for (const canary of [
      fullName,
      ...fullName.split(' ').filter((word) => word.length > 3),
      candidate.email,
      phone,
      phone.replaceAll(' ', ''),
      candidate.id,
      admin.email,
      adminNote,
    ])
      expect(text).not.toContain(canary);
  });

  it("has each service check the token of its own part: no admin's, no stranger's", async () => {
    // the gateway refuses both before asking (account-export.routes.test.ts); a service asked
    // directly refuses them too
    for (const area of ['auth', 'profile', 'matching', 'notifications', 'admin'] as const) {
      expect((await call(`${stack.url(area)}/my-data`, { token: admin.token })).status).toBe(403);
      expect((await call(`${stack.url(area)}/my-data`)).status).toBe(401);
    }
  });
});

function companyInputOf(name: string) {
  return {
    companyName: name,
    industry: 'Manufacturing',
    companySize: '11-50',
    website: 'canary-works.example.com',
    description: 'Metal work.',
  };
}
