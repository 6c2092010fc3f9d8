import { randomUUID } from 'node:crypto';
import {
  type AccessReason,
  type AccessRecord,
  accessRecordJobSeekersShown,
  adminProtectedMessage,
  decisionMessage,
  type EmployerRequestStatus,
  type InterestDecision,
  type InternalCandidate,
  type InternalMatchRequest,
  type InternalSearchLogEntry,
  type MatchRequestStatusChanged,
  movesFrom,
  type PersonalDetail,
  type RequestActor,
  type SearchLogQuery,
  type UserRecord,
  type UserStatus,
  userManagementReason,
  verificationMessages,
} from '@meritmatch/contracts';
import { ApiError, type Clock, conflict, notFound } from '@meritmatch/service-kit';
import type { Owners } from '../clients/owners';
import type { RequestTexts } from '../clients/request-texts';
import { statusChange } from './status-change';

/** One read of a job seeker's name, e-mail or phone that an owner served the admin service, and why. */
export type OwnerRead = {
  owner: 'auth' | 'profile';
  adminUserId: string;
  at: Date;
  details: PersonalDetail[];
  jobSeekers: Array<{ userId: string; reason: AccessReason }>;
};

export type Company = { companyName: string; industry: string; companySize: string; verified: boolean };
export type Seeker = Omit<InternalCandidate, 'user_id' | 'account_status'>;

/** The caller of a token, as the owner reads it (the token was checked by the app already). */
const userIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;

const pageOf = <T>(items: T[], page: number, limit: number) => {
  const totalPages = Math.max(1, Math.ceil(items.length / limit));
  return {
    items: items.slice((page - 1) * limit, page * limit),
    pagination: {
      currentPage: page,
      totalPages,
      hasNext: page < totalPages,
      hasPrev: page > 1,
      totalCount: items.length,
    },
  };
};

/** What matching answers when an admin decides a request still waiting for the candidate. */
const awaitingConsent =
  "This request is waiting for the candidate's consent. It can be decided once the candidate accepts it.";

/**
 * The owners the admin service asks (auth, profile, matching), faked in memory with the same
 * type as `createOwners`: they hold what the test sets up, answer and refuse as the owners do
 * (404, 403, 409), move requests by the lifecycle's table, and note every personal detail they
 * serve with its reason (`reads`), where the real owners record it. A move is told to
 * `onStatusChange`, as matching publishes it.
 */
export function fakeOwners({ clock }: { clock: Clock }) {
  const accounts = new Map<string, UserRecord>();
  const seekers = new Map<string, Seeker>();
  const companies = new Map<string, Company>();
  const requests = new Map<string, InternalMatchRequest>();
  const texts = new Map<string, { adminNotes: string | null; contactNote: string | null }>();
  const reads: OwnerRead[] = [];
  const searchLog: InternalSearchLogEntry[] = [];
  const searchLogQueries: SearchLogQuery[] = [];
  const listeners: Array<(event: MatchRequestStatusChanged) => Promise<void>> = [];

  const account = (id: string) => {
    const found = accounts.get(id);
    if (!found) throw notFound('User not found');
    return found;
  };
  const seekerOfCandidate = (candidateId: string) =>
    [...seekers.entries()].find(([, seeker]) => seeker.id === candidateId);
  const request = (id: string) => {
    const found = requests.get(id);
    if (!found) throw notFound('Match request not found');
    return found;
  };
  const isSeeker = (id: string) => accounts.get(id)?.user_type === 'job_seeker';
  const record = (
    token: string,
    owner: OwnerRead['owner'],
    details: PersonalDetail[],
    jobSeekers: OwnerRead['jobSeekers'],
  ) => {
    if (jobSeekers.length > 0)
      reads.push({ owner, adminUserId: userIdOf(token), at: clock(), details, jobSeekers });
  };
  /** Auth records the job seekers' e-mails it serves for user management. */
  const servedForUserManagement = (token: string, users: UserRecord[]) => {
    record(
      token,
      'auth',
      ['email'],
      users
        .filter((user) => user.user_type === 'job_seeker')
        .map((user) => ({ userId: user.id, reason: userManagementReason })),
    );
    return users;
  };
  const summaryOf = (userId: string, seeker: Seeker, withName: boolean) => ({
    user_id: userId,
    candidate_id: seeker.id,
    unique_code: seeker.unique_code,
    full_name: withName ? seeker.full_name : null,
    location: seeker.location,
  });

  /** Moves a request as its owner does, and publishes the change. */
  async function move(
    current: InternalMatchRequest,
    to: EmployerRequestStatus,
    actor: { userId: string; role: UserRecord['user_type'] },
    notes: { adminNotes?: string; contactNote?: string } = {},
  ) {
    const at = clock();
    const next: InternalMatchRequest = {
      ...current,
      status: to,
      updated_at: at.toISOString(),
      admin_notes: notes.adminNotes ?? current.admin_notes,
      contact_note: notes.contactNote ?? current.contact_note,
    };
    requests.set(current.id, next);
    const event = statusChange({
      requestId: current.id,
      employerId: current.employer_id,
      candidateId: current.job_seeker_id,
      candidateCode: current.candidate_code,
      from: current.status,
      to,
      withNotes: Boolean(notes.adminNotes || notes.contactNote),
      actor,
      changedAt: at.toISOString(),
    });
    const published = { ...event, id: randomUUID(), aggregateId: current.id, occurredAt: at.toISOString() };
    texts.set(published.id, { adminNotes: next.admin_notes, contactNote: next.contact_note });
    for (const listener of listeners) await listener(published);
    return next;
  }

  const owners: Owners = {
    users: {
      async list(token, { userType, includeDeleted }) {
        const users = [...accounts.values()].filter(
          (user) =>
            (userType === 'all' || user.user_type === userType) &&
            (includeDeleted || user.status !== 'deleted'),
        );
        return { users: servedForUserManagement(token, users) };
      },
      async counts() {
        const live = [...accounts.values()].filter((user) => user.status !== 'deleted');
        const count = (type: string) => live.filter((user) => user.user_type === type).length;
        return {
          counts: { job_seeker: count('job_seeker'), employer: count('employer'), admin: count('admin') },
        };
      },
      async get(token, id) {
        return servedForUserManagement(token, [account(id)])[0]!;
      },
      async lookup(token, ids, reasons = []) {
        const users = ids.flatMap((id) => (accounts.has(id) ? [accounts.get(id)!] : []));
        record(
          token,
          'auth',
          ['email'],
          reasons
            .filter((entry) => isSeeker(entry.id))
            .map((entry) => ({ userId: entry.id, reason: entry.reason })),
        );
        return { users };
      },
      async setStatus(token, id, status) {
        const user = account(id);
        if (user.user_type === 'admin') throw new ApiError('FORBIDDEN', adminProtectedMessage);
        const changed = { ...user, status: status as UserStatus };
        accounts.set(id, changed);
        return servedForUserManagement(token, [changed])[0]!;
      },
    },
    erasures: {
      start: async () => {
        throw new Error('erasures are not faked: the erasure flow is an integration test');
      },
      list: async () => ({ erasures: [] }),
    },
    profiles: {
      async candidate(token, candidateId, reason) {
        const found = seekerOfCandidate(candidateId);
        if (!found) throw notFound('Candidate not found');
        const [userId, seeker] = found;
        const details: PersonalDetail[] = seeker.phone ? ['name', 'phone'] : ['name'];
        record(token, 'profile', details, [{ userId, reason }]);
        return {
          candidate: { ...seeker, user_id: userId, account_status: account(userId).status as 'active' },
        };
      },
      async jobSeekers(token, { userIds = [], candidateIds = [], names = [] }) {
        const found = [
          ...userIds.flatMap((id) => (seekers.has(id) ? [[id, seekers.get(id)!] as const] : [])),
          ...candidateIds.flatMap((id) => {
            const entry = seekerOfCandidate(id);
            return entry ? [entry] : [];
          }),
        ];
        const named = names.filter((entry) =>
          found.some(([userId, seeker]) => entry.id === userId || entry.id === seeker.id),
        );
        // a name entry names the job seeker by user id or by candidate id
        const userOf = (id: string) =>
          found.find(([userId, seeker]) => id === userId || id === seeker.id)![0];
        record(
          token,
          'profile',
          ['name'],
          named.map((entry) => ({ userId: userOf(entry.id), reason: entry.reason })),
        );
        const nameShown = new Set(named.map((entry) => userOf(entry.id)));
        return {
          job_seekers: found.map(([userId, seeker]) => summaryOf(userId, seeker, nameShown.has(userId))),
        };
      },
      async accessLog(_token, { page, limit }) {
        const entries = [...reads].reverse().map(
          (read, index): AccessRecord => ({
            id: `r:${reads.length - index}`,
            read_at: read.at.toISOString(),
            admin_user_id: read.adminUserId,
            details: read.details,
            job_seeker_count: read.jobSeekers.length,
            job_seekers: read.jobSeekers.slice(0, accessRecordJobSeekersShown).map(({ userId, reason }) => {
              const seeker = seekers.get(userId);
              return {
                user_id: userId,
                candidate_id: seeker?.id ?? null,
                unique_code: seeker?.unique_code ?? null,
                purpose: reason.purpose,
                request_id: reason.purpose === 'match-request' ? reason.requestId : null,
                company_name:
                  reason.purpose === 'match-request'
                    ? (companies.get(reason.employerId)?.companyName ?? null)
                    : null,
              };
            }),
          }),
        );
        const answer = pageOf(entries, page, limit);
        return { entries: answer.items, pagination: answer.pagination };
      },
      async employers(_token, userIds) {
        return {
          employers: userIds.flatMap((id) => {
            const company = companies.get(id);
            return company
              ? [
                  {
                    user_id: id,
                    company_name: company.companyName,
                    industry: company.industry,
                    company_size: company.companySize,
                    website: null,
                    verified: company.verified,
                  },
                ]
              : [];
          }),
        };
      },
      async verify(_token, userId, verified) {
        const company = companies.get(userId);
        if (!company) throw notFound('Company profile not found');
        companies.set(userId, { ...company, verified });
        const at = clock().toISOString();
        return {
          message: verified ? verificationMessages.verified : verificationMessages.revoked,
          profile: {
            id: userId,
            company_name: company.companyName,
            industry: company.industry as never,
            company_size: company.companySize as never,
            website: null,
            description: '',
            verified,
            created_at: at,
            updated_at: at,
          },
        };
      },
    },
    requests: {
      async page(_token, { status, page, limit }) {
        const matching = [...requests.values()]
          .filter((r) => r.status === status)
          .sort((a, b) => b.created_at.localeCompare(a.created_at));
        const answer = pageOf(matching, page, limit);
        return { requests: answer.items, pagination: answer.pagination };
      },
      async get(_token, id) {
        return { request: request(id) };
      },
      async counts() {
        const counts: Record<string, number> = {};
        for (const r of requests.values()) counts[r.status] = (counts[r.status] ?? 0) + 1;
        return { counts };
      },
      mine: async () => {
        throw new Error('"Download my data" is not faked: the gateway composes it in an integration test');
      },
      async decide(token, id, decision) {
        const { status } = decision;
        // the contract's notes, trimmed and optional (typed loosely by its preprocessing)
        const notes = decision as { adminNotes?: string; contactNote?: string };
        const current = request(id);
        if (current.status === 'awaiting_candidate') throw conflict(awaitingConsent);
        if (!movesFrom(current.status, 'admin').some((m) => m.to === status))
          throw conflict(`A ${current.status} request cannot be ${status}`);
        const next = await move(current, status, { userId: userIdOf(token), role: 'admin' }, notes);
        return { message: decisionMessage(status), request: next };
      },
    },
    searchLog: {
      // matching filters and pages; the fake answers the entries newest first and notes the query
      async page(_token, query) {
        searchLogQueries.push(query);
        const newest = [...searchLog].sort((a, b) => b.at.localeCompare(a.at));
        const answer = pageOf(newest, query.page, query.limit);
        return { entries: answer.items, pagination: answer.pagination };
      },
    },
  };

  /** The notes a status change left, as matching answers them by the event's id. */
  const requestTexts: RequestTexts = async (_requestId, eventId) =>
    texts.get(eventId) ?? { adminNotes: null, contactNote: null };

  /** A move made by someone else than the admin (the candidate's decision, the employer's unmatch). */
  const moveBy = async (
    by: RequestActor,
    id: string,
    actor: { userId: string; role: UserRecord['user_type'] },
    decision?: InterestDecision,
  ) => {
    const current = request(id);
    const found = movesFrom(current.status, by).find(
      (m) => !decision || ('decision' in m && m.decision === decision),
    );
    if (!found) throw conflict(`No ${by} move from ${current.status}`);
    return move(current, found.to, actor);
  };

  return {
    owners,
    requestTexts,
    /** Every personal detail served, with its reason, oldest first. */
    reads,
    onStatusChange: (listener: (event: MatchRequestStatusChanged) => Promise<void>) =>
      void listeners.push(listener),
    /** Sets up an account at auth. */
    addAccount(user: Pick<UserRecord, 'id' | 'email' | 'user_type'>) {
      accounts.set(user.id, {
        ...user,
        status: 'active',
        created_at: clock().toISOString(),
        email_confirmed: true,
      });
    },
    /** Sets up a job seeker's profile at profile. */
    addSeeker: (userId: string, seeker: Seeker) => void seekers.set(userId, seeker),
    /** Sets up a company profile at profile. */
    addCompany: (employerId: string, company: Company) => void companies.set(employerId, company),
    /** Sets up a request at matching, waiting where the lifecycle starts it. */
    addRequest(
      employerId: string,
      candidateId: string,
      { message = 'Interested', status = 'pending' as EmployerRequestStatus } = {},
    ) {
      const found = seekerOfCandidate(candidateId);
      if (!found) throw new Error(`no candidate ${candidateId}`);
      const at = clock().toISOString();
      const id = randomUUID();
      requests.set(id, {
        id,
        job_seeker_id: candidateId,
        employer_id: employerId,
        candidate_code: found[1].unique_code,
        candidate_location: found[1].location,
        status,
        created_at: at,
        updated_at: at,
        message,
        admin_notes: null,
        contact_note: null,
      });
      return id;
    },
    /** A request as matching holds it. */
    request: (id: string) => request(id),
    /** An entry of the search log, as matching holds it. */
    logSearch: (entry: InternalSearchLogEntry) => void searchLog.push(entry),
    /** Every query matching was asked for a page of its search log. */
    searchLogQueries,
    /** The candidate's accept, decline or withdrawal, as matching moves it. */
    candidateDecides: (userId: string, id: string, decision: InterestDecision) =>
      moveBy('candidate', id, { userId, role: 'job_seeker' }, decision),
    /** The employer unmatches an approved request. */
    unmatch: (employerId: string, id: string) =>
      moveBy('employer', id, { userId: employerId, role: 'employer' }),
  };
}

export type FakeOwners = ReturnType<typeof fakeOwners>;
