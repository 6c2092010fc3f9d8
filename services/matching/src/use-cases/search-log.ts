import { randomUUID } from 'node:crypto';
import {
  type CandidateFit,
  type CandidateSearchQuery,
  type SearchLogQuery,
  searchLogRetentionDays,
} from '@meritmatch/contracts';
import { type Clock, DomainError, type Logger, systemClock } from '@meritmatch/service-kit';
import type { CandidateIndex } from '../domain/candidate-index';
import {
  openedEntry,
  type SearchLogEntry,
  type SearchLogSelection,
  searchEntry,
  type WeekOfAppearances,
  weeklyAppearances,
  weeksUpTo,
} from '../domain/search-log';

/** The search log's store: the one insert a shown answer costs, and the reads and deletes around it. */
export type SearchLogStore = {
  /** Stores one entry: one insert, no read. */
  record(entry: SearchLogEntry): Promise<void>;
  /** One page of the entries selected, newest first (then by id), and how many there are. */
  page(
    selection: SearchLogSelection,
    page: number,
    limit: number,
  ): Promise<{ items: SearchLogEntry[]; total: number }>;
  /**
   * The candidate's counts for these weeks (`weekOf`): the searches that showed them and the times
   * they were opened; a week without any may be left out. Kept beside the log as it is written, so
   * that this reads a few counts by key, never the log.
   */
  weeksOf(candidateId: string, weekStarts: readonly string[]): Promise<WeekOfAppearances[]>;
  /** Takes the candidate out of every entry (an opened detail goes whole); how many entries changed. */
  eraseCandidate(candidateId: string): Promise<number>;
  /** Deletes every entry older than `before` (and the weekly counts before its week); how many entries went. */
  sweep(before: Date): Promise<number>;
};

export type SearchLogErrorReason = 'search-log.unavailable';

const dayMs = 24 * 3600 * 1000;

/** A query's calendar days (UTC, both included) as the store's moments: from the first, before the day after the last. */
export function selectionOf(query: Omit<SearchLogQuery, 'page' | 'limit'>): SearchLogSelection {
  return {
    ...(query.employer ? { employerId: query.employer } : {}),
    ...(query.code ? { uniqueCode: query.code } : {}),
    ...(query.from ? { from: new Date(`${query.from}T00:00:00Z`) } : {}),
    ...(query.to ? { before: new Date(new Date(`${query.to}T00:00:00Z`).getTime() + dayMs) } : {}),
  };
}

/**
 * The search log (invariant 11: every answer that shows candidates is logged). A search's page
 * or an opened detail is written before the answer leaves; if it cannot be, the employer gets a
 * 503 and sees nothing (`search-log.unavailable`). Admins page through it; a job seeker counts
 * their own weeks; an erasure takes a candidate out; entries older than the retention are swept.
 */
export function createSearchLog({
  store,
  candidates,
  logger,
  clock = systemClock,
  newId = randomUUID,
}: {
  store: SearchLogStore;
  candidates: Pick<CandidateIndex, 'candidateOfOwner'>;
  logger: Logger;
  clock?: Clock;
  newId?: () => string;
}) {
  async function write(entry: SearchLogEntry) {
    try {
      await store.record(entry);
    } catch (error) {
      logger.warn({ err: error, kind: entry.kind }, 'the search log could not be written: nothing was shown');
      throw new DomainError<SearchLogErrorReason>('search-log.unavailable');
    }
  }

  return {
    /** A page of search results about to be shown to `employerId`. */
    searched: (
      employerId: string,
      at: Date,
      query: CandidateSearchQuery,
      shown: ReadonlyArray<{ candidateId: string; uniqueCode: string }>,
      fits: ReadonlyMap<string, CandidateFit | null>,
    ) => write(searchEntry(newId(), employerId, at, query, shown, fits)),

    /** A candidate's detail about to be shown to `employerId`. */
    opened: (employerId: string, at: Date, candidate: { candidateId: string; uniqueCode: string }) =>
      write(openedEntry(newId(), employerId, at, candidate)),

    /** An admin's page of the log. */
    page: (query: SearchLogQuery) => store.page(selectionOf(query), query.page, query.limit),

    /**
     * The job seeker's own weeks, found by their account: how many searches showed them and how
     * often they were opened. A job seeker without a profile here has only empty weeks.
     */
    async appearances(ownerUserId: string) {
      const now = clock();
      const candidateId = candidates.candidateOfOwner(ownerUserId);
      const counts = candidateId ? await store.weeksOf(candidateId, weeksUpTo(now)) : [];
      return weeklyAppearances(counts, now);
    },

    /** Removes entries past the retention (`searchLogRetentionDays`); how many went. */
    sweep: () => store.sweep(new Date(clock().getTime() - searchLogRetentionDays * dayMs)),
  };
}

export type SearchLog = ReturnType<typeof createSearchLog>;
