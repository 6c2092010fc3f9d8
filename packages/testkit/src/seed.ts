import { adminAccount, registerAccount, type TestAccount } from './accounts';
import { call } from './http';
import type { Stack } from './stack';
import { eventually } from './wait';

export type CandidateSeed = {
  fullName?: string;
  phone?: string;
  location?: string;
  dateOfBirth?: string;
  gender?: string;
  skills?: Array<{ name: string; proficiencyLevel?: string }>;
  experiences?: Array<Record<string, unknown>>;
  education?: Array<Record<string, unknown>>;
  certifications?: Array<Record<string, unknown>>;
};

export type SeededCandidate = TestAccount & { candidateId: string; uniqueCode: string };

async function post(stack: Stack, token: string, path: string, body: unknown) {
  const answer = await call(`${stack.api}${path}`, { token, body });
  if (answer.status >= 300) throw new Error(`${path} failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** A job seeker with a profile and entries, made through the public API like a real user. */
export async function seedCandidate(
  stack: Stack,
  seed: CandidateSeed = {},
  email?: string,
): Promise<SeededCandidate> {
  const account = await registerAccount(stack, 'job_seeker', email);
  const created = await post(stack, account.token, '/job-seeker/profile', {
    fullName: seed.fullName ?? 'Test Candidate',
    phone: seed.phone,
    location: seed.location ?? 'Berlin, Germany',
    dateOfBirth: seed.dateOfBirth ?? '1990-01-15',
    gender: seed.gender,
  });
  for (const experience of seed.experiences ?? [])
    await post(stack, account.token, '/job-seeker/experience', experience);
  for (const education of seed.education ?? [])
    await post(stack, account.token, '/job-seeker/education', education);
  if (seed.skills?.length) await post(stack, account.token, '/job-seeker/skills', { skills: seed.skills });
  for (const certification of seed.certifications ?? []) {
    await post(stack, account.token, '/job-seeker/certifications', certification);
  }
  return { ...account, candidateId: created.profile.id, uniqueCode: created.profile.unique_code };
}

export const companyInput = {
  companyName: 'Acme Robotics',
  industry: 'Technology',
  companySize: '51-200',
  website: 'acme-robotics.example.com',
  description: 'We build warehouse robots.',
};

/** Sets an employer's verification as an admin would (through the owner of the flag). */
export async function setVerification(stack: Stack, employerId: string, verified: boolean) {
  const admin = await adminAccount(stack);
  const answer = await call(`${stack.url('profile')}/internal/employers/${employerId}/verification`, {
    method: 'PUT',
    token: admin.token,
    body: { verified },
  });
  if (answer.status !== 200) throw new Error(`verification failed: ${answer.status} ${answer.text}`);
}

/** An employer with a company profile, verified unless asked otherwise. */
export async function seedEmployer(stack: Stack, { verified = true, company = companyInput } = {}) {
  const account = await registerAccount(stack, 'employer');
  await post(stack, account.token, '/employer/profile', company);
  if (verified) await setVerification(stack, account.id, true);
  return account;
}

/** A match request of a verified employer for a candidate, once the candidate is searchable. */
export async function seedMatchRequest(
  stack: Stack,
  employer: TestAccount,
  candidateId: string,
  message?: string,
): Promise<string> {
  // the candidate reaches matching by event: until then the request is refused
  let last: { status: number; body: unknown } | undefined;
  return eventually(
    async () => {
      const answer = await call(`${stack.api}/employer/request-candidate`, {
        token: employer.token,
        body: { jobSeekerId: candidateId, ...(message ? { message } : {}) },
      });
      last = { status: answer.status, body: answer.body };
      return answer.status === 201 ? (answer.body.request.id as string) : undefined;
    },
    { what: 'a match request', timeoutMs: 60000, intervalMs: 250, seen: () => last },
  );
}

/**
 * A match request that starts as `status` ('pending', or 'awaiting_candidate' when the candidate
 * asks to be asked first). The candidate's consent setting reaches the matching service by event:
 * a request made before it did starts otherwise, and the candidate closes it (declines or
 * withdraws) before the next try.
 */
export async function seedRequestStartingAs(
  stack: Stack,
  employer: TestAccount,
  candidate: SeededCandidate,
  status: 'pending' | 'awaiting_candidate',
): Promise<string> {
  return eventually(
    async () => {
      const id = await seedMatchRequest(stack, employer, candidate.candidateId);
      const interest = await call(`${stack.api}/job-seeker/interest`, { token: candidate.token });
      const made = (interest.body.requests as Array<{ id: string; status: string }>).find((r) => r.id === id);
      if (made?.status === status) return id;
      await call(`${stack.api}/job-seeker/interest/${id}`, {
        method: 'PUT',
        token: candidate.token,
        body: { decision: made?.status === 'awaiting_candidate' ? 'decline' : 'withdraw' },
      });
      return undefined;
    },
    { what: `a match request starting as ${status}`, timeoutMs: 30000 },
  );
}

/** Sets a job seeker's consent, pause and block list (the rest as by default). */
export async function setCandidateSettings(
  stack: Stack,
  candidate: TestAccount,
  settings: {
    askBeforeSharing?: boolean;
    paused?: boolean;
    blockedCompanies?: unknown[];
    allowedCurrentEmployers?: string[];
  },
) {
  const answer = await call(`${stack.api}/job-seeker/settings`, {
    method: 'PUT',
    token: candidate.token,
    body: { askBeforeSharing: false, paused: false, blockedCompanies: [], ...settings },
  });
  if (answer.status !== 200) throw new Error(`settings failed: ${answer.status} ${answer.text}`);
  return answer.body;
}
