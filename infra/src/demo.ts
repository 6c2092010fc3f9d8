import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Fills a running product with realistic demo data through its public API, from a seeded
 * generator (the same data every time): job seekers with full profiles, employers
 * (verified and pending), match requests in every status, a suspended and a deleted user;
 * and the candidate in control (issue 12): candidates who ask before their details are
 * shared (requests waiting for them, accepted, declined), a withdrawn consent, a paused
 * candidate with an open request, a block list, and a current employer hidden by default.
 */
// biome-ignore lint/suspicious/noExplicitAny: the demo reads answers loosely; the services validate everything
type Answer = { status: number; body: any };

/** Answers a busy service gives while it may still apply the write: sent again with the same key. */
const retriedStatuses = new Set([502, 503, 504]);

function client(api: string) {
  return async (
    path: string,
    init: { method?: string; body?: unknown; token?: string } = {},
  ): Promise<Answer> => {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    // as the web app does: a write carries a key, so sending it again never applies it twice
    if (method !== 'GET') headers['idempotency-key'] = randomUUID();
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${api}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (response.status === 429) {
        throw new Error(
          `the gateway's rate limits stopped the seeder at ${path} (retry after ${response.headers.get('retry-after')} s): ` +
            'seed with `npm start -- --demo`, which raises them while it seeds, or start with RATE_LIMIT_MULTIPLIER=100',
        );
      }
      const text = await response.text();
      if (retriedStatuses.has(response.status) && attempt < 8) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(4000, 250 * 2 ** attempt)));
        continue;
      }
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    }
  };
}

function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const sample = <T>(items: readonly T[], count: number) => {
    const pool = [...items];
    return Array.from(
      { length: Math.min(count, pool.length) },
      () => pool.splice(Math.floor(next() * pool.length), 1)[0]!,
    );
  };
  return { next, int, pick, sample };
}

const firstNames = [
  'Amara',
  'Liam',
  'Sofia',
  'Noah',
  'Yuki',
  'Mateo',
  'Chloe',
  'Arjun',
  'Zara',
  'Lukas',
  'Ines',
  'Kwame',
  'Elena',
  'Omar',
  'Hannah',
  'Tariq',
  'Mei',
  'Diego',
  'Freya',
  'Kofi',
  'Aisha',
  'Jonas',
  'Priya',
  'Marco',
  'Leila',
  'Sven',
  'Nadia',
  'Tomas',
  'Ava',
  'Ravi',
];
const lastNames = [
  'Okafor',
  'Schneider',
  'Rossi',
  'Nakamura',
  'Garcia',
  'Dubois',
  'Kowalski',
  'Haddad',
  'Lindqvist',
  'Mensah',
  'Petrov',
  'Costa',
  'Novak',
  'Ibrahim',
  'Fischer',
  'Silva',
  'Tanaka',
  'Moreau',
  'Jansen',
  'Osei',
  'Khan',
  'Bauer',
  'Ferreira',
  'Larsen',
  'Mwangi',
];
const cities = [
  'Berlin, Germany',
  'Munich, Germany',
  'Hamburg, Germany',
  'London, UK',
  'Manchester, UK',
  'Dublin, Ireland',
  'Paris, France',
  'Lyon, France',
  'Madrid, Spain',
  'Barcelona, Spain',
  'Lisbon, Portugal',
  'Amsterdam, Netherlands',
  'Vienna, Austria',
  'Zurich, Switzerland',
  'Milan, Italy',
  'Warsaw, Poland',
  'Prague, Czechia',
  'Stockholm, Sweden',
  'Copenhagen, Denmark',
  'Toronto, Canada',
  'New York, NY',
  'Austin, TX',
  'Lagos, Nigeria',
  'Nairobi, Kenya',
  'Bangalore, India',
  'Singapore',
  'Sydney, Australia',
  'Remote',
];
const tracks = [
  {
    titles: ['Software Engineer', 'Frontend Developer', 'Backend Engineer', 'DevOps Engineer'],
    skills: [
      'JavaScript',
      'TypeScript',
      'React',
      'Node.js',
      'Python',
      'Java',
      'Go',
      'Docker',
      'Kubernetes',
      'AWS',
      'PostgreSQL',
      'GraphQL',
      'CI/CD',
      'Linux',
    ],
    field: 'Computer Science',
    certs: [
      ['AWS Certified Developer – Associate', 'Amazon Web Services'],
      ['Certified Kubernetes Administrator', 'CNCF'],
    ],
  },
  {
    titles: ['Data Analyst', 'Data Scientist', 'BI Developer'],
    skills: [
      'SQL',
      'Python',
      'Pandas',
      'Power BI',
      'Tableau',
      'Statistics',
      'Machine Learning',
      'Excel',
      'R',
      'TensorFlow',
    ],
    field: 'Statistics',
    certs: [
      ['Google Data Analytics Certificate', 'Google'],
      ['Microsoft Certified: Power BI Data Analyst', 'Microsoft'],
    ],
  },
  {
    titles: ['Registered Nurse', 'Clinical Assistant', 'Pharmacy Technician'],
    skills: [
      'Patient Care',
      'Nursing',
      'Phlebotomy',
      'Pharmacology',
      'Electronic Health Records',
      'First Aid',
      'Communication',
    ],
    field: 'Nursing',
    certs: [['Basic Life Support', 'American Heart Association']],
  },
  {
    titles: ['Product Designer', 'UX Designer', 'Graphic Designer'],
    skills: [
      'Figma',
      'UX Research',
      'Prototyping',
      'Adobe Photoshop',
      'Illustrator',
      'Design Systems',
      'Accessibility',
    ],
    field: 'Interaction Design',
    certs: [['Google UX Design Certificate', 'Google']],
  },
  {
    titles: ['Project Manager', 'Scrum Master', 'Operations Manager'],
    skills: [
      'Project Management',
      'Scrum',
      'Agile',
      'Jira',
      'Stakeholder Management',
      'Risk Management',
      'Leadership',
      'Budgeting',
    ],
    field: 'Business Administration',
    certs: [
      ['PMP', 'Project Management Institute'],
      ['Professional Scrum Master I', 'Scrum.org'],
    ],
  },
  {
    titles: ['Mechanical Engineer', 'Maintenance Technician', 'Electrician'],
    skills: [
      'AutoCAD',
      'SolidWorks',
      'PLC Programming',
      'Electrical Wiring',
      'Welding',
      'Lean Manufacturing',
      'Quality Control',
    ],
    field: 'Mechanical Engineering',
    certs: [['Six Sigma Green Belt', 'ASQ']],
  },
  {
    titles: ['Accountant', 'Financial Analyst', 'Payroll Specialist'],
    skills: [
      'Accounting',
      'Bookkeeping',
      'Payroll',
      'Financial Modeling',
      'Excel',
      'SAP',
      'IFRS',
      'Tax Preparation',
    ],
    field: 'Accounting',
    certs: [['ACCA', 'Association of Chartered Certified Accountants']],
  },
];
const companies = [
  'Northwind',
  'Globex',
  'Initech',
  'Umbrella Health',
  'Vandelay Industries',
  'Hooli',
  'Soylent Foods',
  'Wayne Logistics',
  'Cyberdyne Systems',
  'Tyrell Labs',
  'Stark Energy',
  'Pied Piper',
];
const institutions = [
  'Technical University of Munich',
  'University of Manchester',
  'Sorbonne University',
  'University of Lagos',
  'Delft University of Technology',
  'University of Toronto',
  'Trinity College Dublin',
  'University of Nairobi',
  'Politecnico di Milano',
  'National University of Singapore',
];
const levels = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
const employerSeeds = [
  {
    companyName: 'Brightpath Software',
    industry: 'Technology',
    companySize: '51-200',
    website: 'brightpath.example.com',
    description: 'We build scheduling software for clinics across Europe.',
  },
  {
    companyName: 'Meridian Health Group',
    industry: 'Healthcare',
    companySize: '1001+',
    website: 'meridian-health.example.com',
    description: 'A network of hospitals and community care centres.',
  },
  {
    companyName: 'Harbor & Co. Accountants',
    industry: 'Finance',
    companySize: '11-50',
    website: '',
    description: 'Independent accounting and payroll services for small businesses.',
  },
  {
    companyName: 'Forgeline Manufacturing',
    industry: 'Manufacturing',
    companySize: '201-500',
    website: 'forgeline.example.com',
    description: 'Precision parts for the automotive and aerospace industries.',
  },
  {
    companyName: 'Lumen Retail',
    industry: 'Retail',
    companySize: '501-1000',
    website: 'lumen-retail.example.com',
    description: 'Omnichannel retail with 80 stores and a growing data team.',
  },
  {
    companyName: 'Keystone Consulting',
    industry: 'Consulting',
    companySize: '11-50',
    website: 'keystone.example.com',
    description: 'Delivery and transformation consulting for public services.',
  },
  {
    companyName: 'Atlas Builders',
    industry: 'Construction',
    companySize: '201-500',
    website: 'atlas-builders.example.com',
    description: 'Sustainable residential and commercial construction.',
  },
  {
    companyName: 'Quill Learning',
    industry: 'Education',
    companySize: '1-10',
    website: 'quill.example.com',
    description: 'Online tutoring for adult learners.',
  },
];

type Random = ReturnType<typeof random>;

/** How many job seekers the seeder creates at once. */
const seederConcurrency = 4;

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

/** The n-th demo job seeker: profile, jobs, degrees, skills and maybe a certification. */
function planSeeker(rng: Random, n: number) {
  const track = rng.pick(tracks);
  const fullName = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
  const profile = {
    fullName,
    phone: `+44 7700 ${String(900000 + n).slice(-6)}`,
    location: rng.pick(cities),
    dateOfBirth: `${rng.int(1965, 2004)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    gender: rng.pick(['male', 'female', 'non-binary', 'prefer-not-to-say', 'other', '']),
  };
  const experiences = [];
  let year = rng.int(2005, 2023);
  for (let j = 0, jobs = rng.int(0, 3); j < jobs; j++) {
    const current = j === jobs - 1 && rng.next() < 0.6;
    const end = Math.min(2026, year + rng.int(1, 4));
    experiences.push({
      companyName: rng.pick(companies),
      position: rng.pick(track.titles),
      startDate: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-01`,
      endDate: current ? null : `${end}-${String(rng.int(1, 12)).padStart(2, '0')}-01`,
      isCurrent: current,
      experienceType: j === 0 && rng.next() < 0.3 ? 'internship' : 'professional',
      description: `Worked on ${rng.sample(track.skills, 2).join(' and ')} with a team of ${rng.int(3, 15)}.`,
      skills: rng.sample(track.skills, 3),
    });
    year = end;
  }
  const education = [];
  for (let j = 0, degrees = rng.int(0, 2); j < degrees; j++) {
    education.push({
      institution: rng.pick(institutions),
      degree: rng.pick([
        "Bachelor's Degree",
        "Master's Degree",
        'High School Diploma',
        'Doctoral Degree',
        'Associate Degree',
        'Diploma',
      ]),
      fieldOfStudy: track.field,
      graduationYear: rng.int(1990, 2026),
      ...(rng.next() < 0.6 ? { gpa: Math.round((2 + rng.next() * 2) * 100) / 100 } : {}),
    });
  }
  const skills = {
    skills: rng
      .sample(track.skills, rng.int(2, 9))
      .map((name) => ({ name, proficiencyLevel: rng.pick(levels) })),
  };
  let certification: { name: string; issuer: string; issueDate: string } | undefined;
  if (rng.next() < 0.4) {
    const [name, issuer] = rng.pick(track.certs);
    certification = {
      name: name!,
      issuer: issuer!,
      issueDate: `${rng.int(2015, 2025)}-0${rng.int(1, 9)}-15`,
    };
  }
  return { n, profile, experiences, education, skills, certification };
}

export type DemoOptions = {
  api: string;
  admin: { email: string; password: string };
  dataDir: string;
  candidates?: number;
  log?: (line: string) => void;
};

export async function seedDemo({
  api,
  admin,
  dataDir,
  candidates = 300,
  log = () => undefined,
}: DemoOptions) {
  const call = client(api);
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
  const rng = random(20261126);
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
  const adminToken = ok(await call('/auth/login', { body: admin }), 'admin sign-in').token as string;

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
  let done = 0;
  // several seekers at once, each one's calls in order: the services and the events do the work
  // in parallel (one after another, 300 seekers took about 4 minutes)
  await inParallel(plans, seederConcurrency, async (plan, index) => {
    const account = await register(emailOf('seeker', plan.n), 'job_seeker');
    const created = ok(
      await call('/job-seeker/profile', { token: account.token, body: plan.profile }),
      'profile',
    );
    for (const body of plan.experiences) await call('/job-seeker/experience', { token: account.token, body });
    for (const body of plan.education) await call('/job-seeker/education', { token: account.token, body });
    await call('/job-seeker/skills', { token: account.token, body: plan.skills });
    if (plan.certification)
      await call('/job-seeker/certifications', { token: account.token, body: plan.certification });
    if (plan.n === 3) {
      // demo.seeker3 works at one of the demo's employers: hidden from it by default
      await call('/job-seeker/experience', {
        token: account.token,
        body: {
          companyName: 'Keystone Consulting',
          position: 'Consultant',
          startDate: '2024-03-01',
          isCurrent: true,
          experienceType: 'professional',
        },
      });
    }
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
      answer = await call('/employer/request-candidate', {
        token: employer.token,
        body: { jobSeekerId: seeker.candidateId, message },
      });
      if (answer.status !== 403) break; // verification reaches matching by event
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (answer?.status !== 201) continue;
    requestCount += 1;
    const id = answer.body.request.id as string;
    const outcome = outcomes[i % outcomes.length]!;
    const decide = (status: string, extra: Record<string, string> = {}) =>
      call(`/admin/requests/${id}`, { method: 'PUT', token: adminToken, body: { status, ...extra } });
    const candidateDecides = (decision: string) =>
      call(`/job-seeker/interest/${id}`, { method: 'PUT', token: seeker.token, body: { decision } });
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
      await call(`/employer/unmatch/${id}`, { method: 'DELETE', token: employer.token });
  }

  log('pausing a candidate who has an open request…');
  // demo.seeker8 has a pending request from Meridian Health Group (see the loop above)
  ok(await settings(seekers[7]!.token, { paused: true }), 'pause');

  log('suspending and deleting a user…');
  await call(`/admin/users/${seekers.at(-1)!.id}/status`, {
    method: 'PUT',
    token: adminToken,
    body: { status: 'suspended' },
  });
  await call(`/admin/users/${seekers.at(-2)!.id}/status`, {
    method: 'PUT',
    token: adminToken,
    body: { status: 'deleted' },
  });
  log(
    `demo data ready: ${seekers.length} job seekers, ${employers.length} employers, ${requestCount} requests`,
  );
  return { password, seeded: true };
}

export const demoAccounts = (password: string) => [
  `job seeker:  demo.seeker1@meritmatch.local / ${password} (asks before sharing: a request waits under Interest)`,
  '             demo.seeker2 blocks Brightpath Software, demo.seeker3 is hidden from its current employer, demo.seeker8 is paused',
  `employer:    demo.employer1@meritmatch.local / ${password} (verified; demo.employer7 is pending)`,
];
