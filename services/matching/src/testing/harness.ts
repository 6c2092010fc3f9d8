import { randomUUID } from 'node:crypto';
import {
  type AccountType,
  type CandidateProjection,
  companyKey,
  domainKey,
  type EmployerSnapshot,
  type JobPreferences,
  noPreferences,
  type Proficiency,
  type UserStatus,
  type UserType,
  ZCandidateProjection,
  ZEmployerSnapshot,
} from '@meritmatch/contracts';
import { createLogger } from '@meritmatch/service-kit';
import { type CallInit, callApp } from '@meritmatch/service-kit/testing/in-process';
import { testTokenSigner } from '@meritmatch/service-kit/testing/token-signer';
import { skillVocabulary } from '@meritmatch/skills';
import { createApp } from '../app';
import { CandidateIndex } from '../domain/candidate-index';
import { EmployerDirectory } from '../domain/employer-directory';
import { createMatchingErasure } from '../use-cases/erasure';
import { createMatchRequests } from '../use-cases/match-requests';
import { createPositions } from '../use-cases/positions';
import { createSavedSearches } from '../use-cases/saved-searches';
import { createSearchLog, type SearchLogStore } from '../use-cases/search-log';
import { memoryMatchRequests, memorySearchLog } from './memory-data';
import { memoryPositions } from './memory-positions';
import { memorySavedSearches } from './memory-saved-searches';

/** Someone a test calls as: their user id and a token the app accepts. */
export type Account = { id: string; token: string };
/** A job seeker whose profile reached the index: its candidate id and anonymous code too. */
export type Candidate = Account & { candidateId: string; uniqueCode: string };

/** A profile as the job seeker typed it (what profile turns into the anonymous projection). */
export type CandidateSeed = {
  location?: string;
  dateOfBirth?: string;
  gender?: CandidateProjection['gender'];
  skills?: Array<{ name: string; proficiencyLevel?: Proficiency }>;
  experiences?: Array<
    Partial<CandidateProjection['experiences'][number]> & { companyName: string; startDate: string }
  >;
  education?: Array<Partial<CandidateProjection['education'][number]> & { degree: string }>;
  certifications?: CandidateProjection['certifications'];
};

/** The candidate's settings, replaced as a whole as the settings page saves them. */
export type CandidateSettings = {
  askBeforeSharing?: boolean;
  paused?: boolean;
  blockedCompanies?: Array<{ name: string; website?: string | null }>;
  /** Current employers the candidate lets find them (the others are blocked by default). */
  allowedCurrentEmployers?: string[];
  /** The private job preferences (profile's PUT /api/job-seeker/preferences); none by default. */
  preferences?: JobPreferences;
};

export type Company = Pick<EmployerSnapshot, 'companyName' | 'industry' | 'companySize' | 'website'>;

export const acmeRobotics: Company = {
  companyName: 'Acme Robotics',
  industry: 'Technology',
  companySize: '51-200',
  website: 'acme-robotics.example.com',
};

/**
 * A time later than any before it (requests made in one millisecond still have an order), which
 * a test may move on (`advance`: a day for the saved searches' digests).
 */
function risingClock() {
  let last = 0;
  let ahead = 0;
  const clock = () => {
    last = Math.max(Date.now() + ahead, last + 1);
    return new Date(last);
  };
  return Object.assign(clock, {
    advance: (ms: number) => {
      ahead += ms;
    },
  });
}

/**
 * The anonymous projection of a seed with its settings and standing, as profile publishes it on
 * `candidates` (the block list as keys, a current employer blocked unless allowed), parsed by its
 * strict contract.
 */
function projectionOf(
  candidate: Candidate,
  seed: CandidateSeed,
  settings: CandidateSettings,
  { version, searchable }: { version: number; searchable: boolean },
  now: Date,
): CandidateProjection {
  const companies = new Set<string>();
  const domains = new Set<string>();
  for (const blocked of settings.blockedCompanies ?? []) {
    if (companyKey(blocked.name)) companies.add(companyKey(blocked.name));
    const domain = blocked.website ? domainKey(blocked.website) : null;
    if (domain) domains.add(domain);
  }
  for (const job of seed.experiences ?? [])
    if (job.isCurrent && !settings.allowedCurrentEmployers?.includes(job.companyName))
      companies.add(companyKey(job.companyName));
  return ZCandidateProjection.parse({
    candidateId: candidate.candidateId,
    uniqueCode: candidate.uniqueCode,
    version,
    searchable,
    location: seed.location ?? 'Berlin, Germany',
    birthYear: Number((seed.dateOfBirth ?? '1990-01-15').slice(0, 4)),
    gender: seed.gender ?? null,
    skills: (seed.skills ?? []).map(({ name, proficiencyLevel = 'intermediate' }) => ({
      name,
      proficiencyLevel,
    })),
    experiences: (seed.experiences ?? []).map((job) => ({
      position: 'Engineer',
      endDate: null,
      isCurrent: job.endDate == null,
      description: null,
      experienceType: 'professional',
      ...job,
    })),
    education: (seed.education ?? []).map((entry) => ({
      institution: 'University',
      fieldOfStudy: null,
      graduationYear: null,
      gpa: null,
      ...entry,
    })),
    certifications: seed.certifications ?? [],
    updatedAt: now.toISOString(),
    ownerUserId: candidate.id,
    askBeforeSharing: settings.askBeforeSharing ?? false,
    paused: settings.paused ?? false,
    blockedCompanies: [...companies].sort(),
    blockedDomains: [...domains].sort(),
    preferences: settings.preferences ?? noPreferences,
  });
}

/**
 * The matching service in process, for route tests: `createApp` with its use cases over the
 * match requests in memory, tokens signed here, and the candidate index and employer directory
 * told by the test what the `candidates` and `employers` topics would bring (profiles, settings,
 * suspensions, verifications), read at once. No process, port, database or broker.
 */
export async function matchingHarness() {
  const clock = risingClock();
  const tokens = await testTokenSigner();
  const vocabulary = skillVocabulary();
  const candidates = new CandidateIndex((term) => vocabulary.synonyms(term));
  const directory = new EmployerDirectory();
  const requests = memoryMatchRequests({ clock });
  const positions = createPositions({ store: memoryPositions(), clock });
  const searches = memorySavedSearches({ clock });
  const savedSearches = createSavedSearches({ ...searches, candidates, directory, positions, clock });
  const searchLog = memorySearchLog();
  // the log as the service writes it, unless a test takes it down
  let searchLogDown = false;
  const searchLogStore: SearchLogStore = {
    ...searchLog.store,
    record: (entry) =>
      searchLogDown ? Promise.reject(new Error('search log down')) : searchLog.store.record(entry),
  };
  const logger = createLogger('matching-test', 'silent');
  const app = createApp({
    logger,
    readiness: [],
    verifyToken: tokens.verifyToken,
    candidates,
    directory,
    matchRequests: createMatchRequests({ ...requests, candidates, directory, clock }),
    positions,
    savedSearches,
    searchLog: createSearchLog({ store: searchLogStore, candidates, logger, clock }),
    clock,
    indexReady: () => true,
    whenIndexed: async () => true,
  });
  const erase = createMatchingErasure({
    store: requests.store,
    idsOf: requests.idsOf,
    candidates,
    positions,
    savedSearches,
    searchLog: searchLogStore,
    whenIndexed: async () => true,
    clock,
  });

  const account = async (role: AccountType): Promise<Account> => {
    const { userId, token } = await tokens.token(role);
    return { id: userId, token };
  };
  /** Each candidate's profile as the test last set it, and the version of its last projection. */
  const profiles = new Map<
    string,
    {
      candidate: Candidate;
      seed: CandidateSeed;
      settings: CandidateSettings;
      version: number;
      searchable: boolean;
    }
  >();
  const publish = (
    candidateId: string,
    change: Partial<{ settings: CandidateSettings; searchable: boolean }>,
  ) => {
    const profile = profiles.get(candidateId)!;
    Object.assign(profile, change, { version: profile.version + 1 });
    candidates.apply(projectionOf(profile.candidate, profile.seed, profile.settings, profile, clock()));
  };
  const companies = new Map<string, Company & { verified: boolean; version: number }>();
  const publishCompany = (employerId: string, change: Partial<Company & { verified: boolean }>) => {
    const known = { ...companies.get(employerId)!, ...change };
    known.version += 1;
    companies.set(employerId, known);
    const { version, verified, ...company } = known;
    directory.apply(
      ZEmployerSnapshot.parse({
        employerId,
        ...company,
        verified,
        version,
        updatedAt: clock().toISOString(),
      }),
    );
  };
  let codes = 0;

  const harness = {
    app,
    /** Answers like testkit's `call`, with the service's paths (`/api/employer/search`). */
    call: (path: string, init: CallInit = {}) => callApp(app, path, init),
    /** Calls as `account`, on paths under `prefix`. */
    as:
      (account: { token: string }, prefix = '') =>
      (path: string, init: CallInit = {}) =>
        callApp(app, `${prefix}${path}`, { ...init, token: account.token }),
    admin: () => account('admin'),
    service: () => account('service'),
    /** A job seeker account whose profile never reached this service. */
    jobSeeker: () => account('job_seeker'),
    /** An employer whose company the `employers` topic brought, verified unless told. */
    async employer({
      company = acmeRobotics,
      verified = true,
    }: {
      company?: Company;
      verified?: boolean;
    } = {}) {
      const employer = await account('employer');
      companies.set(employer.id, { ...company, verified, version: 0 });
      publishCompany(employer.id, {});
      return employer;
    },
    /** The employer's verification given or revoked, as profile publishes it. */
    setVerification: (employer: Account, verified: boolean) => publishCompany(employer.id, { verified }),
    /** A job seeker with a profile, in the index with the settings given (none by default). */
    async candidate(seed: CandidateSeed = {}, settings: CandidateSettings = {}): Promise<Candidate> {
      const seeker = await account('job_seeker');
      codes += 1;
      const candidate = { ...seeker, candidateId: randomUUID(), uniqueCode: `EM${100000 + codes}` };
      profiles.set(candidate.candidateId, { candidate, seed, settings, version: 0, searchable: true });
      publish(candidate.candidateId, {});
      return candidate;
    },
    /** The candidate changed their profile: the projection profile publishes next. */
    updateProfile(candidate: Candidate, seed: CandidateSeed) {
      const profile = profiles.get(candidate.candidateId)!;
      profile.seed = seed;
      publish(candidate.candidateId, {});
    },
    /** The candidate saved their settings (consent, pause, block list, current employers). */
    setSettings: (candidate: Candidate, settings: CandidateSettings) =>
      publish(candidate.candidateId, { settings }),
    /** The candidate saved their job preferences (the rest of their settings as they were). */
    setPreferences(candidate: Candidate, preferences: JobPreferences) {
      const { settings } = profiles.get(candidate.candidateId)!;
      publish(candidate.candidateId, { settings: { ...settings, preferences } });
    },
    /** The account was suspended, deleted or restored: its tokens and its place in search follow. */
    setAccountStatus(account: Account | Candidate, status: UserStatus) {
      tokens.setStatus(account.id, status);
      if ('candidateId' in account) publish(account.candidateId, { searchable: status === 'active' });
    },
    /** A request of `employer` for `candidate`, made through the route; its id. */
    async request(employer: Account, candidate: Candidate, message?: string) {
      const answer = await harness.as(employer, '/api/employer')('/request-candidate', {
        body: { jobSeekerId: candidate.candidateId, ...(message ? { message } : {}) },
      });
      if (answer.status !== 201) throw new Error(`request failed: ${answer.status} ${answer.text}`);
      return answer.body.request.id as string;
    },
    /** Profile's marker of an erased candidate, read from `candidates`. */
    candidateErased: (candidate: Candidate) =>
      candidates.erase({ candidateId: candidate.candidateId, ownerUserId: candidate.id }),
    /** Profile's marker of an erased employer, read from `employers`. */
    employerErased: (employer: Account) => directory.erase(employer.id),
    /** Matching's part of an erasure, as `erasure.requested` starts it. */
    erase: (account: Account, userType: UserType) => erase({ userId: account.id, userType }),
    /** The requests as stored, whose `published()` holds the events the service would have sent. */
    requests: requests.store,
    /** The index, for a test that puts in it what no valid projection carries. */
    candidates,
    /** The saved searches' use cases (their digests run when the test says) and their store. */
    savedSearches,
    savedSearchStore: searches.store,
    /** Moves the service's time on (every time it reads after this is later by `ms`). */
    advance: (ms: number) => clock.advance(ms),
    /** The search log's entries as stored, oldest written first. */
    searchLog: searchLog.all,
    /** The search log's store refuses every write (`true`) or takes them again. */
    setSearchLogDown: (down: boolean) => {
      searchLogDown = down;
    },
  };
  return harness;
}

export type MatchingHarness = Awaited<ReturnType<typeof matchingHarness>>;
