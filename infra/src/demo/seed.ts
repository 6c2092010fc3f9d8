import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminCode } from '../admin-second-factor';
import { type Answer, demoClient } from './client';
import { demoConfirmer } from './confirm';
import { employerSeeds, positionSeeds } from './data';
import { planPreferences, planSeeker } from './plan';
import { seededRandom } from './random';

/** How many job seekers the seeder creates at once. */
const seederConcurrency = 6;

/**
 * The admin's session: the password, then (when the admin has a second factor) a code of its
 * secret. Without the secret, an admin who is asked for a code cannot be signed in here.
 */
async function adminSignIn(
  call: ReturnType<typeof demoClient>,
  { secondFactorSecret, ...credentials }: DemoOptions['admin'],
): Promise<string> {
  const answer = await call('/auth/login', { body: credentials });
  if (answer.status !== 200)
    throw new Error(`admin sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const body = answer.body as { token?: string; secondFactor?: { challenge: string } };
  if (body.token) return body.token;
  if (!body.secondFactor || !secondFactorSecret)
    throw new Error('admin sign-in failed: the admin has a second factor and no secret was given');
  const second = await call('/auth/login/second-factor', {
    // the previous step's code (one step of drift is accepted): the code `npm run admin-code`
    // prints right after the seeding stays unspent for the person who signs in next
    body: {
      challenge: body.secondFactor.challenge,
      code: adminCode(secondFactorSecret, Date.now() - 30_000),
    },
  });
  if (second.status !== 200)
    throw new Error(
      `admin sign-in failed at the second step: ${second.status} ${JSON.stringify(second.body)}`,
    );
  return (second.body as { token: string }).token;
}

/** Runs `work` over `items`, at most `concurrency` at a time. */
async function inParallel<T>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

export type DemoOptions = {
  api: string;
  /** With `secondFactorSecret`, the admin's sign-in takes the second step with a code of it. */
  admin: { email: string; password: string; secondFactorSecret?: string };
  dataDir: string;
  candidates?: number;
  /**
   * Mailpit's URL: the demo's addresses are then confirmed through the links mailed to them,
   * except `unconfirmedDemoAccounts`. Without it, every address stays unconfirmed.
   */
  inbox?: string;
  log?: (line: string) => void;
};

/** The seed of the demo's job preferences, apart from the seekers' own. */
export const demoPreferencesSeed = 20261133;

/** demo.seeker5 works only remotely or hybrid, in Germany or Austria, at 60,000 EUR a year at least, after 4 weeks' notice. */
export const demoSeeker5Preferences = {
  workModes: ['hybrid', 'remote'],
  countries: ['DE', 'AT'],
  noticeWeeks: 4,
  minimumSalary: { amount: 60000, currency: 'EUR' },
};

/** The demo's accounts that never confirm their address (the demo shows both states). */
export const unconfirmedDemoAccounts = ['demo.seeker4@meritmatch.local', 'demo.employer8@meritmatch.local'];

/**
 * Fills a running product with realistic demo data through its public API, from a seeded
 * generator (the same data every time): job seekers with full profiles, employers
 * (verified and pending), match requests in every status, a suspended and a deleted user;
 * and the candidate in control: candidates who ask before their details are
 * shared (requests waiting for them, accepted, declined), a withdrawn consent, a paused
 * candidate with an open request, a block list, and a current employer hidden by default; and
 * about two in five candidates with private job preferences (demo.seeker5's are known).
 */
export async function seedDemo({
  api,
  admin,
  dataDir,
  candidates = 300,
  inbox,
  log = () => undefined,
}: DemoOptions) {
  const call = demoClient(api);
  const credentialsFile = join(dataDir, 'demo-credentials.json');
  const password = existsSync(credentialsFile)
    ? (JSON.parse(readFileSync(credentialsFile, 'utf8')) as { password: string }).password
    : randomBytes(9).toString('base64url');
  const emailOf = (kind: string, n: number) => `demo.${kind}${n}@meritmatch.local`;
  const first = await call('/auth/login', { body: { email: emailOf('employer', 1), password } });
  if (first.status === 200) {
    log('demo data is already there');
    return { password, seeded: false };
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(credentialsFile, JSON.stringify({ password }, null, 2), { mode: 0o600 });
  const rng = seededRandom(20261126);
  const ok = (answer: Answer, what: string) => {
    if (answer.status >= 300)
      throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const register = async (email: string, userType: string) =>
    ok(await call('/auth/register', { body: { email, password, userType } }), `registering ${email}`) as {
      user: { id: string };
      token: string;
    };
  const adminToken = await adminSignIn(call, admin);

  log(`creating ${candidates} job seekers…`);
  const seekers: Array<{ id: string; candidateId: string; token: string; asks: boolean }> = new Array(
    candidates,
  );
  /** Every fourth candidate, demo.seeker1 first, asks to be asked before their details are shared. */
  const asksBeforeSharing = (n: number) => n % 4 === 1;
  const settings = (token: string, body: Record<string, unknown>) =>
    call('/job-seeker/settings', {
      method: 'PUT',
      token,
      body: { askBeforeSharing: false, paused: false, blockedCompanies: [], ...body },
    });
  // every seeker's data is drawn first, in order, so the data stays the same whatever the timing
  const plans = Array.from({ length: candidates }, (_, index) => planSeeker(rng, index + 1));
  // the private job preferences from a generator of their own: every seeker above stays as before
  const preferencesRng = seededRandom(demoPreferencesSeed);
  const preferences = plans.map((plan) =>
    plan.n === 5 ? demoSeeker5Preferences : planPreferences(preferencesRng, plan),
  );
  let done = 0;
  // several seekers at once, each one's calls in order: the services and the events do the work
  // in parallel (one after another, 300 seekers took about 4 minutes; 6 at once beat 4 by 3 s)
  await inParallel(plans, seederConcurrency, async (plan, index) => {
    const account = await register(emailOf('seeker', plan.n), 'job_seeker');
    const created = ok(
      await call('/job-seeker/profile', { token: account.token, body: plan.profile }),
      'profile',
    );
    for (const body of plan.experiences)
      ok(await call('/job-seeker/experience', { token: account.token, body }), 'experience');
    for (const body of plan.education)
      ok(await call('/job-seeker/education', { token: account.token, body }), 'education');
    ok(await call('/job-seeker/skills', { token: account.token, body: plan.skills }), 'skills');
    if (plan.certification)
      ok(
        await call('/job-seeker/certifications', { token: account.token, body: plan.certification }),
        'certification',
      );
    if (plan.n === 3) {
      // demo.seeker3 works at one of the demo's employers: hidden from it by default
      const current = await call('/job-seeker/experience', {
        token: account.token,
        body: {
          companyName: 'Keystone Consulting',
          position: 'Consultant',
          startDate: '2024-03-01',
          isCurrent: true,
          experienceType: 'professional',
        },
      });
      ok(current, 'current experience');
    }
    const chosen = preferences[index];
    if (chosen)
      ok(
        await call('/job-seeker/preferences', { method: 'PUT', token: account.token, body: chosen }),
        'preferences',
      );
    const asks = asksBeforeSharing(plan.n);
    if (asks) ok(await settings(account.token, { askBeforeSharing: true }), 'consent setting');
    if (plan.n === 2) {
      // demo.seeker2 never wants to be found by Brightpath Software (demo.employer1) nor Meridian Health
      ok(
        await settings(account.token, {
          blockedCompanies: [
            { name: 'Brightpath Software', website: null },
            { name: 'Meridian', website: 'meridian-health.example.com' },
          ],
        }),
        'block list',
      );
    }
    seekers[index] = { id: account.user.id, candidateId: created.profile.id, token: account.token, asks };
    done += 1;
    if (done % 50 === 0) log(`  ${done} job seekers`);
  });

  log('creating employers…');
  const employers: Array<{ id: string; token: string }> = [];
  for (const [index, company] of employerSeeds.entries()) {
    const account = await register(emailOf('employer', index + 1), 'employer');
    ok(await call('/employer/profile', { token: account.token, body: company }), 'company profile');
    if (index < 6)
      ok(
        await call(`/admin/verify-employer/${account.user.id}`, {
          method: 'PUT',
          token: adminToken,
          body: { verified: true },
        }),
        'verification',
      );
    employers.push({ id: account.user.id, token: account.token });
  }

  if (inbox) {
    log('confirming the addresses through their e-mails (all but demo.seeker4 and demo.employer8)…');
    const confirm = demoConfirmer({ inbox, call });
    const addresses = [
      ...plans.map((plan) => emailOf('seeker', plan.n)),
      ...employerSeeds.map((_, index) => emailOf('employer', index + 1)),
    ].filter((address) => !unconfirmedDemoAccounts.includes(address));
    await inParallel(addresses, seederConcurrency, (address) => confirm(address));
  }

  log('creating positions for the verified employers…');
  const positionsOf: string[][] = [];
  for (const [index, employer] of employers.slice(0, 6).entries()) {
    const ids: string[] = [];
    for (const position of positionSeeds[employerSeeds[index]!.companyName] ?? []) {
      let answer: Answer | undefined;
      for (let attempt = 0; attempt < 50; attempt++) {
        answer = await call('/employer/positions', { token: employer.token, body: position });
        if (answer.status !== 403) break; // verification reaches matching by event
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      ok(answer!, 'position');
      ids.push(answer!.body.position.id as string);
    }
    positionsOf.push(ids);
  }

  log('creating match requests in every status…');
  const outcomes = ['pending', 'pending', 'approved', 'rejected', 'connected', 'unmatched'] as const;
  let requestCount = 0;
  for (let i = 0; i < 48; i++) {
    const employer = employers[i % 6]!;
    const seeker = seekers[(i * 7) % seekers.length]!;
    const message = rng.pick([
      'We have an opening that fits your profile.',
      'Would you be open to a conversation about a senior role?',
      '',
    ]);
    let answer: Answer | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      // every other request names one of the employer's positions
      const positionId = i % 2 === 0 ? positionsOf[i % 6]?.[(i >> 1) % 2] : undefined;
      answer = await call('/employer/request-candidate', {
        token: employer.token,
        body: { jobSeekerId: seeker.candidateId, message, ...(positionId ? { positionId } : {}) },
      });
      if (answer.status !== 403) break; // verification reaches matching by event
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (answer?.status !== 201) continue;
    requestCount += 1;
    const id = answer.body.request.id as string;
    const outcome = outcomes[i % outcomes.length]!;
    const decide = async (status: string, extra: Record<string, string> = {}) =>
      ok(
        await call(`/admin/requests/${id}`, { method: 'PUT', token: adminToken, body: { status, ...extra } }),
        `the decision ${status}`,
      );
    const candidateDecides = async (decision: string) =>
      ok(
        await call(`/job-seeker/interest/${id}`, { method: 'PUT', token: seeker.token, body: { decision } }),
        `the candidate's ${decision}`,
      );
    if (seeker.asks) {
      // the request waits for the candidate: left waiting, declined, or accepted and then decided
      if (outcome === 'pending') continue;
      if (outcome === 'rejected') {
        await candidateDecides('decline');
        continue;
      }
      await candidateDecides('accept');
    } else if (i === 7) {
      // consent withdrawn while the request was with the admin team
      await candidateDecides('withdraw');
      continue;
    }
    if (outcome === 'rejected') await decide('rejected', { adminNotes: 'The role needs more experience.' });
    if (outcome !== 'pending' && outcome !== 'rejected') {
      await decide('approved', {
        adminNotes: 'Good fit for the role.',
        contactNote: 'Our team will introduce you by e-mail within two working days.',
      });
    }
    if (outcome === 'connected') await decide('connected', { adminNotes: 'Intro call took place.' });
    if (outcome === 'unmatched')
      ok(await call(`/employer/unmatch/${id}`, { method: 'DELETE', token: employer.token }), 'unmatch');
  }

  log('pausing a candidate who has an open request…');
  // demo.seeker8 has a pending request from Meridian Health Group (see the loop above)
  ok(await settings(seekers[7]!.token, { paused: true }), 'pause');

  log('suspending and deleting a user…');
  for (const [seeker, status] of [
    [seekers.at(-1)!, 'suspended'],
    [seekers.at(-2)!, 'deleted'],
  ] as const)
    ok(
      await call(`/admin/users/${seeker.id}/status`, { method: 'PUT', token: adminToken, body: { status } }),
      `the status ${status}`,
    );
  log(
    `demo data ready: ${seekers.length} job seekers, ${employers.length} employers, ${requestCount} requests`,
  );
  return { password, seeded: true };
}

export const demoAccounts = (password: string) => [
  `job seeker:  demo.seeker1@meritmatch.local / ${password} (asks before sharing: a request waits under Interest)`,
  '             demo.seeker2 blocks Brightpath Software, demo.seeker3 is hidden from its current employer, demo.seeker8 is paused',
  '             demo.seeker5 has job preferences (hybrid or remote, DE or AT, 60,000 EUR at least); about two in five others too',
  `employer:    demo.employer1@meritmatch.local / ${password} (verified; demo.employer7 is pending)`,
  '             every demo address is confirmed except demo.seeker4 and demo.employer8 (they see the banner)',
];
