import {
  type AccessLogQuery,
  type AccessReason,
  accessRecordJobSeekersShown,
  type PersonalDetail,
  type PersonalDetailsRead,
  paginate,
} from '@meritmatch/contracts';
import { type Clock, systemClock } from '@meritmatch/service-kit';

/**
 * One answer of an owner that held job seekers' personal details: who read (an admin),
 * when, which kinds of detail, and whose, each with why. It holds no detail itself.
 */
export type DetailsRead = {
  readId: string;
  adminUserId: string;
  readAt: Date;
  details: PersonalDetail[];
  jobSeekers: Array<{ userId: string; reason: AccessReason }>;
};

/** The record of the reads this service serves: written before the answer leaves (with its events). */
export type ReadRecords = { record: (read: DetailsRead) => Promise<void> };

/** One read of one job seeker's details, as that job seeker's view keeps it. */
export type SeekerViewEntry = {
  /** `<event id>:<index>`: a redelivered event finds its entries already there. */
  id: string;
  readAt: Date;
  details: PersonalDetail[];
  reason: AccessReason;
};

/** One read as the Data Access Log lists it (one per event: a read of more job seekers is several). */
export type AccessRow = DetailsRead & { id: string };

/**
 * The views the profile service builds from every owner's events, newest first, read by
 * `_id` only. Adding the same event again adds nothing.
 */
export type AccessViews = {
  /** The entries of one event for each job seeker, and its row in the Data Access Log. */
  add: (entriesByUser: Map<string, SeekerViewEntry[]>, row: AccessRow) => Promise<void>;
  seekerEntries: (
    userId: string,
    skip: number,
    limit: number,
  ) => Promise<{ entries: SeekerViewEntry[]; totalCount: number }>;
  rows: (skip: number, limit: number) => Promise<{ rows: AccessRow[]; totalCount: number }>;
};

/** The read an event carries. */
export const readOfEvent = (event: PersonalDetailsRead): DetailsRead => ({
  readId: event.data.readId,
  adminUserId: event.data.adminUserId,
  readAt: new Date(event.data.readAt),
  details: event.data.details,
  jobSeekers: event.data.jobSeekers,
});

/** The entries of one event per job seeker, with ids derived from the event's. */
export function seekerEntriesOf(event: PersonalDetailsRead): Map<string, SeekerViewEntry[]> {
  const read = readOfEvent(event);
  const byUser = new Map<string, SeekerViewEntry[]>();
  read.jobSeekers.forEach(({ userId, reason }, index) => {
    const entry = { id: `${event.id}:${index}`, readAt: read.readAt, details: read.details, reason };
    byUser.set(userId, [...(byUser.get(userId) ?? []), entry]);
  });
  return byUser;
}

/** What the candidate detail answers of the personal details this service holds: the name, and the phone if given. */
export const candidateDetails = (profile: { phone: string | null }): PersonalDetail[] =>
  profile.phone ? ['name', 'phone'] : ['name'];

export type CandidateRef = { candidateId: string; uniqueCode: string };

/** A job seeker's entry with the company behind the request, for the job seeker's screen. */
export type ShownSeekerEntry = SeekerViewEntry & { companyName: string | null };

/** A row with the candidates' codes and the companies behind the requests, for the admins' screen. */
export type ShownAccessRow = Omit<AccessRow, 'jobSeekers'> & {
  jobSeekerCount: number;
  jobSeekers: Array<{
    userId: string;
    reason: AccessReason;
    candidate: CandidateRef | null;
    companyName: string | null;
  }>;
};

/**
 * The views keep reads in the order they arrived (the owners' events travel apart, so a read
 * may arrive a moment after a later one); a page shows its reads by time.
 */
const newestFirst = (a: { readAt: Date; id: string }, b: { readAt: Date; id: string }) =>
  b.readAt.getTime() - a.readAt.getTime() || a.id.localeCompare(b.id);

const employerOf = (reason: AccessReason) => (reason.purpose === 'match-request' ? reason.employerId : null);

/** The access log's lookups, from the reads of the job seeker and company profiles. */
export const accessLogLookups = (
  profiles: { findManyByUserIds: (ids: string[]) => Promise<Array<{ userId: string } & CandidateRef>> },
  employers: { findMany: (ids: string[]) => Promise<Array<{ userId: string; companyName: string }>> },
) => ({
  companyNames: async (ids: string[]) =>
    new Map((await employers.findMany(ids)).map((employer) => [employer.userId, employer.companyName])),
  candidatesOf: async (ids: string[]) =>
    new Map(
      (await profiles.findManyByUserIds(ids)).map((profile) => [
        profile.userId,
        { candidateId: profile.candidateId, uniqueCode: profile.uniqueCode },
      ]),
    ),
});

/**
 * The access log. Every read of personal details this service serves is recorded before the
 * answer leaves (a read whose record cannot be written is not served); the records of both
 * owners come back as events, from which the job seekers' views and the admins' log are
 * built (`project`), read by `_id` only (`data/sequenced-lists.ts`).
 */
export function createAccessLog({
  records,
  views,
  newId,
  companyNames,
  candidatesOf,
  rowJobSeekersShown = accessRecordJobSeekersShown,
  clock = systemClock,
}: {
  records: ReadRecords;
  views: AccessViews;
  newId: () => string;
  /** Company names by employer user id (this service owns the company profiles). */
  companyNames: (employerIds: string[]) => Promise<Map<string, string>>;
  /** Candidate ids and codes by job seeker user id. */
  candidatesOf: (userIds: string[]) => Promise<Map<string, CandidateRef>>;
  rowJobSeekersShown?: number;
  clock?: Clock;
}) {
  const companiesFor = async (reasons: AccessReason[]) => {
    const ids = [...new Set(reasons.map(employerOf).filter((id): id is string => id !== null))];
    return ids.length ? companyNames(ids) : new Map<string, string>();
  };
  const companyOf = (companies: Map<string, string>, reason: AccessReason) =>
    companies.get(employerOf(reason) ?? '') ?? null;

  return {
    /** Records one read this service serves; nothing when it holds no one's details. */
    async recordRead(
      adminUserId: string,
      details: PersonalDetail[],
      jobSeekers: DetailsRead['jobSeekers'],
    ): Promise<void> {
      if (jobSeekers.length === 0 || details.length === 0) return;
      await records.record({ readId: newId(), adminUserId, readAt: clock(), details, jobSeekers });
    },

    /**
     * Builds the views from one recorded read (either owner's); a redelivered event changes
     * nothing. Erased job seekers are left out (the others' entries keep their ids).
     */
    async project(event: PersonalDetailsRead, erased: ReadonlySet<string> = new Set()) {
      const entries = seekerEntriesOf(event);
      for (const userId of erased) entries.delete(userId);
      const read = readOfEvent(event);
      const jobSeekers = read.jobSeekers.filter((jobSeeker) => !erased.has(jobSeeker.userId));
      await views.add(entries, { id: event.id, ...read, jobSeekers });
    },

    /** One job seeker's own reads, newest first. */
    async forJobSeeker(userId: string, { page, limit }: AccessLogQuery) {
      const found = await views.seekerEntries(userId, (page - 1) * limit, limit);
      const entries = [...found.entries].sort(newestFirst);
      const totalCount = found.totalCount;
      const companies = await companiesFor(entries.map((entry) => entry.reason));
      return {
        entries: entries.map(
          (entry): ShownSeekerEntry => ({
            ...entry,
            companyName: companyOf(companies, entry.reason),
          }),
        ),
        pagination: paginate(totalCount, page, limit),
      };
    },

    /** Every read, newest first, for admins. */
    async forAdmins({ page, limit }: AccessLogQuery) {
      const { rows, totalCount } = await views.rows((page - 1) * limit, limit);
      const listed = [...rows]
        .sort(newestFirst)
        .map((row) => ({ row, jobSeekers: row.jobSeekers.slice(0, rowJobSeekersShown) }));
      const everyone = listed.flatMap(({ jobSeekers }) => jobSeekers);
      const [companies, candidates] = await Promise.all([
        companiesFor(everyone.map((jobSeeker) => jobSeeker.reason)),
        everyone.length
          ? candidatesOf([...new Set(everyone.map((jobSeeker) => jobSeeker.userId))])
          : new Map<string, CandidateRef>(),
      ]);
      return {
        entries: listed.map(
          ({ row, jobSeekers }): ShownAccessRow => ({
            ...row,
            jobSeekerCount: row.jobSeekers.length,
            jobSeekers: jobSeekers.map((jobSeeker) => ({
              ...jobSeeker,
              candidate: candidates.get(jobSeeker.userId) ?? null,
              companyName: companyOf(companies, jobSeeker.reason),
            })),
          }),
        ),
        pagination: paginate(totalCount, page, limit),
      };
    },
  };
}

export type AccessLog = ReturnType<typeof createAccessLog>;
