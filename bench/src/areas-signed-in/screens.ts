import {
  adminAccount,
  call,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  type TestAccount,
} from '@meritmatch/testkit';

export type Role = 'job_seeker' | 'employer' | 'admin';

/** A screen people work in, and the text that says its main content is there. */
export type Screen = { path: string; role: Role; shows: string };

/** The six screens people work in most, each signed in as its role. */
export const screens: Screen[] = [
  { path: '/job-seeker', role: 'job_seeker', shows: 'Job Seeker Dashboard' },
  { path: '/job-seeker/interest', role: 'job_seeker', shows: 'Job Seeker Dashboard' },
  { path: '/employer', role: 'employer', shows: 'Employer Dashboard' },
  { path: '/employer/search', role: 'employer', shows: 'Employer Dashboard' },
  { path: '/admin', role: 'admin', shows: 'Admin Dashboard' },
  { path: '/admin/requests', role: 'admin', shows: 'Admin Dashboard' },
];

/** What the shell keeps in localStorage for a signed-in person (SPEC.md: `token` and `user`). */
export type StoredSession = { token: string; user: unknown };

async function sessionOf(stack: Stack, account: TestAccount): Promise<StoredSession> {
  const me = await call(`${stack.api}/auth/me`, { token: account.token });
  if (me.status !== 200) throw new Error(`/auth/me answered ${me.status} ${me.text}`);
  return { token: account.token, user: me.body.user };
}

/**
 * One person of each role with something to show: a job seeker with a profile and a request
 * from a verified employer, that employer, and the admin (the request is in the queue).
 */
export async function seedPeople(
  stack: Stack,
): Promise<{ sessions: Record<Role, StoredSession>; employer: TestAccount }> {
  const seeker = await seedCandidate(stack, {
    skills: [
      { name: 'TypeScript', proficiencyLevel: 'expert' },
      { name: 'React', proficiencyLevel: 'advanced' },
    ],
    experiences: [
      {
        position: 'Frontend Developer',
        companyName: 'Globex',
        startDate: '2019-01-01',
        isCurrent: true,
        experienceType: 'professional',
      },
    ],
  });
  const employer = await seedEmployer(stack);
  await seedMatchRequest(stack, employer, seeker.candidateId, 'We would like to talk about a frontend role.');
  return {
    sessions: {
      job_seeker: await sessionOf(stack, seeker),
      employer: await sessionOf(stack, employer),
      admin: await sessionOf(stack, await adminAccount(stack)),
    },
    employer,
  };
}

/** `count` more job seekers, each with a pending request of `employer`: the admin's queue to approve. */
export async function seedPendingRequests(stack: Stack, employer: TestAccount, count: number) {
  const codes: string[] = [];
  for (let n = 0; n < count; n++) {
    const candidate = await seedCandidate(stack, { skills: [{ name: 'Go', proficiencyLevel: 'advanced' }] });
    await seedMatchRequest(stack, employer, candidate.candidateId);
    codes.push(candidate.uniqueCode);
  }
  return codes;
}
