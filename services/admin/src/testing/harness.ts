import { randomUUID } from 'node:crypto';
import {
  type AccountType,
  type InternalCandidate,
  type JobPreferences,
  type MatchRequestEvent,
  noPreferences,
  ZAdminRequestsAnswer,
  ZContactLogsAnswer,
  ZEmployerSnapshot,
  ZMatchRequestEvent,
  ZStatsAnswer,
} from '@meritmatch/contracts';
import { createLogger, type Platform } from '@meritmatch/service-kit';
import { type CallInit, callApp } from '@meritmatch/service-kit/testing/in-process';
import { testTokenSigner } from '@meritmatch/service-kit/testing/token-signer';
import { createApp } from '../app';
import { startContactLogConsumer } from '../messaging/consumers';
import { createCompanies } from '../use-cases/companies';
import { createRequestViews } from '../use-cases/requests';
import { createSearchLogViews } from '../use-cases/search-log';
import { createUserViews } from '../use-cases/users';
import { type Company, fakeOwners } from './fake-owners';
import { memoryCandidateCodes, memoryContactLogs, memoryEmployerDirectory } from './memory-data';

/** Someone a test calls as: their user id, e-mail and a token the app accepts. */
export type Account = { id: string; email: string; token: string };
/** A job seeker with a profile: its candidate id and anonymous code too. */
export type Candidate = Account & { candidateId: string; uniqueCode: string };

/** A profile as the seeding helpers make it: the parts a test names, the rest empty. */
export type CandidateInput = {
  fullName?: string;
  location?: string;
  phone?: string | null;
  skills?: string[];
  experience?: boolean;
  education?: boolean;
  /** The private job preferences; none unless given. */
  preferences?: JobPreferences;
};

/** A time later than any before it: entries and reads of one test never share a millisecond. */
function risingClock() {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}

/** The contact-log consumer's handler, taken from it as the platform would run it. */
async function contactLogHandler(deps: Omit<Parameters<typeof startContactLogConsumer>[0], 'platform'>) {
  let handle: ((event: MatchRequestEvent) => Promise<void>) | undefined;
  const platform = {
    consume: async (options: { handle: typeof handle }) => {
      handle = options.handle;
      return {};
    },
  } as unknown as Platform;
  await startContactLogConsumer({ platform, ...deps });
  return handle!;
}

/**
 * The admin service in process, for route tests: `createApp` with its views over fake owners
 * (auth, profile, matching hold what the test sets up), the contact log and the company copy in
 * memory, and tokens signed here. A request's status change reaches the contact-log consumer's
 * own handler at once, as the `match-requests` topic would bring it. No process, port or database.
 */
export async function adminHarness() {
  const clock = risingClock();
  const tokens = await testTokenSigner();
  const fakes = fakeOwners({ clock });
  const { owners } = fakes;
  const contactLogs = memoryContactLogs();
  const directory = memoryEmployerDirectory();
  const candidateCodes = memoryCandidateCodes();
  const companiesOf = createCompanies({ owners, directory });
  const handle = await contactLogHandler({ directory, contactLogs, requestTexts: fakes.requestTexts });
  fakes.onStatusChange((event) => handle(ZMatchRequestEvent.parse(event)));
  const app = createApp({
    logger: createLogger('admin-test', 'silent'),
    readiness: [],
    verifyToken: tokens.verifyToken,
    requests: createRequestViews({ owners, companiesOf }),
    users: createUserViews({ owners, companiesOf }),
    searchLog: createSearchLogViews({ owners, companiesOf }),
    contactLogs,
    candidateCodes,
    directory,
    owners,
    clock,
  });

  let people = 0;
  /** An account at auth, with a token. */
  const account = async (role: AccountType): Promise<Account> => {
    const { userId, token } = await tokens.token(role);
    people += 1;
    const email = `${role.replace('_', '-')}-${people}@example.test`;
    if (role !== 'service') fakes.addAccount({ id: userId, email, user_type: role });
    return { id: userId, email, token };
  };

  return {
    app,
    /** Answers like testkit's `call`, with the service's paths (`/api/admin/stats`). */
    call: (path: string, init: CallInit = {}) => callApp(app, path, init),
    /** Calls as `account`, on paths under `prefix`. */
    as:
      (account: { token: string }, prefix = '/api/admin') =>
      (path: string, init: CallInit = {}) =>
        callApp(app, `${prefix}${path}`, { ...init, token: account.token }),
    /** `fetch` answered by the app for URLs under `http://admin.test/api`, for helpers that take a base URL. */
    api: 'http://admin.test/api',
    fetch: (input: string | URL | Request, init?: RequestInit) =>
      app.request(typeof input === 'string' ? input : input instanceof URL ? input.href : input, init),
    /** The admin area as `admin` calls it, and its screens' reads, parsed by their contracts. */
    areaOf(admin: { token: string }) {
      const api = (path: string, init: CallInit = {}) =>
        callApp(app, `/api/admin${path}`, { ...init, token: admin.token });
      return {
        api,
        stats: async () => ZStatsAnswer.parse((await api('/stats')).body).stats,
        queue: async (query: string) => ZAdminRequestsAnswer.parse((await api(`/requests?${query}`)).body),
        logs: async () => ZContactLogsAnswer.parse((await api('/contact-logs')).body).logs,
      };
    },
    admin: () => account('admin'),
    /** A job seeker account without a profile. */
    jobSeeker: () => account('job_seeker'),
    /** An employer with its company at profile (Acme Robotics, verified, unless told). */
    async employer(company: Partial<Company> = {}) {
      const employer = await account('employer');
      const known = {
        companyName: 'Acme Robotics',
        industry: 'Technology',
        companySize: '51-200',
        verified: true,
        ...company,
      };
      fakes.addCompany(employer.id, known);
      // and the admin's own copy, as the `employers` topic brings it
      await directory.apply(
        ZEmployerSnapshot.parse({
          employerId: employer.id,
          ...known,
          website: null,
          version: 1,
          updatedAt: clock().toISOString(),
        }),
      );
      return employer;
    },
    /** A job seeker with a profile at profile. */
    async candidate(input: CandidateInput = {}): Promise<Candidate> {
      const seeker = await account('job_seeker');
      const candidateId = randomUUID();
      const uniqueCode = `EM${String(100000 + people).slice(-6)}`;
      const at = clock().toISOString();
      const profile: Omit<InternalCandidate, 'user_id' | 'account_status'> = {
        id: candidateId,
        full_name: input.fullName ?? 'Test Candidate',
        phone: input.phone ?? null,
        location: input.location ?? 'Leeds, UK',
        date_of_birth: '1990-05-01',
        gender: null,
        unique_code: uniqueCode,
        skills: (input.skills ?? ['Excel']).map((name) => ({
          id: randomUUID(),
          name,
          proficiency_level: 'advanced',
        })),
        experiences: input.experience
          ? [
              {
                id: randomUUID(),
                company_name: 'Initech',
                position: 'Analyst',
                start_date: '2019-01-01',
                end_date: null,
                description: null,
                is_current: true,
                experience_type: 'employment' as never,
                skills: [],
              },
            ]
          : [],
        education: input.education
          ? [
              {
                id: randomUUID(),
                institution: 'State U',
                degree: "Bachelor's Degree",
                field_of_study: null,
                graduation_year: null,
                gpa: null,
              },
            ]
          : [],
        certifications: [],
        settings: { ask_before_sharing: false, paused: false, blocked_companies: [], current_employers: [] },
        preferences: input.preferences ?? noPreferences,
        created_at: at,
        updated_at: at,
      };
      fakes.addSeeker(seeker.id, profile);
      // and the admin's own copy of its code, as the `candidates` topic brings it
      await candidateCodes.record([{ candidateId, code: uniqueCode }]);
      return { ...seeker, candidateId, uniqueCode };
    },
    /** A request of `employer` for `candidate` at matching, waiting for the team unless told. */
    request: (
      employer: Account,
      candidate: Candidate,
      options: { message?: string; status?: 'pending' | 'awaiting_candidate' } = {},
    ) => fakes.addRequest(employer.id, candidate.candidateId, options),
    /** The candidate's own decision on a request (accept, decline, withdraw), as matching moves it. */
    candidateDecides: (candidate: Candidate, id: string, decision: 'accept' | 'decline' | 'withdraw') =>
      fakes.candidateDecides(candidate.id, id, decision),
    /** The employer unmatches an approved request. */
    unmatch: (employer: Account, id: string) => fakes.unmatch(employer.id, id),
    /** A request as matching holds it. */
    requestAt: fakes.request,
    /** An entry of matching's search log, and the queries matching was asked for its pages. */
    logSearch: fakes.logSearch,
    searchLogQueries: fakes.searchLogQueries,
    /** Every name, e-mail and phone the owners served, with its reason, oldest first. */
    reads: fakes.reads,
    contactLogs,
    candidateCodes,
  };
}

export type AdminHarness = Awaited<ReturnType<typeof adminHarness>>;
