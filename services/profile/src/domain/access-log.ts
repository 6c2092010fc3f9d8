import {
  type AccessLogQuery,
  type AccessReason,
  type PersonalDetail,
  type PersonalDetailsRead,
  paginate,
} from '@meritmatch/contracts';
import { type Clock, systemClock } from '@meritmatch/service-kit';

/** Which owner served a read: this service (name, phone) or the auth service (e-mail). */
export type DetailsOwner = 'profile' | 'auth';

/**
 * One job seeker's personal details read by one admin for one reason. It names the kinds
 * of detail and holds none of them.
 */
export type AccessEntry = {
  id: string;
  readId: string;
  jobSeekerUserId: string;
  adminUserId: string;
  details: PersonalDetail[];
  reason: AccessReason;
  owner: DetailsOwner;
  readAt: Date;
};

/** One answer of an owner that held personal details: who read, when, which details of whom, and why. */
export type DetailsRead = {
  readId: string;
  adminUserId: string;
  readAt: Date;
  owner: DetailsOwner;
  details: PersonalDetail[];
  jobSeekers: Array<{ userId: string; reason: AccessReason }>;
};

export type AccessLogRepository = {
  /** Stores entries; one already stored (same id) is left as it is. */
  append: (entries: AccessEntry[]) => Promise<void>;
  /** Newest first, of one job seeker or (null) of all. */
  page: (
    jobSeekerUserId: string | null,
    skip: number,
    limit: number,
  ) => Promise<{ entries: AccessEntry[]; totalCount: number }>;
};

/**
 * The entries of a read, one per job seeker and reason. Their ids derive from `key` (the
 * read's id, or the id of the event that carried it), so a redelivered event adds nothing.
 */
export function entriesOf(key: string, read: DetailsRead): AccessEntry[] {
  return read.jobSeekers.map(({ userId, reason }, index) => ({
    id: `${key}:${String(index).padStart(4, '0')}`,
    readId: read.readId,
    jobSeekerUserId: userId,
    adminUserId: read.adminUserId,
    details: read.details,
    reason,
    owner: read.owner,
    readAt: read.readAt,
  }));
}

/** The read the auth service recorded and published (e-mails). */
export const readOfEvent = (event: PersonalDetailsRead): DetailsRead => ({
  readId: event.data.readId,
  adminUserId: event.data.adminUserId,
  readAt: new Date(event.data.readAt),
  owner: 'auth',
  details: event.data.details,
  jobSeekers: event.data.jobSeekers,
});

/** What the candidate detail answers of the personal details this service holds: the name, and the phone if given. */
export const candidateDetails = (profile: { phone: string | null }): PersonalDetail[] =>
  profile.phone ? ['name', 'phone'] : ['name'];

export type CandidateRef = { candidateId: string; uniqueCode: string };

/** An entry with what the screens show beside it: the company behind the request, and the candidate's code. */
export type ShownAccessEntry = AccessEntry & { companyName: string | null; candidate: CandidateRef | null };

/**
 * The access log: every read of personal details this service serves is recorded before
 * the answer leaves (a read whose record cannot be written is not served), and so is every
 * read the auth service recorded (from its events).
 */
export function createAccessLog({
  repository,
  newId,
  companyNames,
  candidatesOf,
  clock = systemClock,
}: {
  repository: AccessLogRepository;
  newId: () => string;
  /** Company names by employer user id (this service owns the company profiles). */
  companyNames: (employerIds: string[]) => Promise<Map<string, string>>;
  /** Candidate ids and codes by job seeker user id. */
  candidatesOf: (userIds: string[]) => Promise<Map<string, CandidateRef>>;
  clock?: Clock;
}) {
  async function shown(entries: AccessEntry[]): Promise<ShownAccessEntry[]> {
    const employerIds = entries.flatMap((entry) =>
      entry.reason.purpose === 'match-request' ? [entry.reason.employerId] : [],
    );
    const [companies, candidates] = await Promise.all([
      employerIds.length ? companyNames([...new Set(employerIds)]) : new Map<string, string>(),
      candidatesOf([...new Set(entries.map((entry) => entry.jobSeekerUserId))]),
    ]);
    return entries.map((entry) => ({
      ...entry,
      companyName:
        entry.reason.purpose === 'match-request' ? (companies.get(entry.reason.employerId) ?? null) : null,
      candidate: candidates.get(entry.jobSeekerUserId) ?? null,
    }));
  }

  async function page(jobSeekerUserId: string | null, { page, limit }: AccessLogQuery) {
    const found = await repository.page(jobSeekerUserId, (page - 1) * limit, limit);
    return { entries: await shown(found.entries), pagination: paginate(found.totalCount, page, limit) };
  }

  return {
    /** Records one read this service serves; nothing when it holds no one's details. */
    async recordRead(
      adminUserId: string,
      details: PersonalDetail[],
      jobSeekers: DetailsRead['jobSeekers'],
    ): Promise<void> {
      if (jobSeekers.length === 0 || details.length === 0) return;
      const readId = newId();
      await repository.append(
        entriesOf(readId, { readId, adminUserId, readAt: clock(), owner: 'profile', details, jobSeekers }),
      );
    },

    /** Adds a read the auth service recorded; a redelivered event changes nothing. */
    addRecorded: (event: PersonalDetailsRead) => repository.append(entriesOf(event.id, readOfEvent(event))),

    /** One job seeker's own log. */
    forJobSeeker: (userId: string, query: AccessLogQuery) => page(userId, query),

    /** Everyone's, for admins. */
    forAdmins: (query: AccessLogQuery) => page(null, query),
  };
}

export type AccessLog = ReturnType<typeof createAccessLog>;
