import { randomUUID } from 'node:crypto';
import { type SavedSearchChange, type SavedSearchFilters, savedSearchLimit } from '@meritmatch/contracts';
import { type AggregateStore, type Clock, DomainError, systemClock } from '@meritmatch/service-kit';
import type { CandidateIndex } from '../domain/candidate-index';
import type { EmployerDirectory } from '../domain/employer-directory';
import { termsOf } from '../domain/position';
import { afterDigest, digestOf, isDue, nextDigestFrom, type SavedSearch } from '../domain/saved-search';
import { searchDigestReady } from '../messaging/search-digest-events';
import type { Positions } from './positions';

/** Reads and removals of saved searches that are not one aggregate. */
export type SavedSearchQueries = {
  /** The employer's saved searches, newest first. */
  listByEmployer: (employerId: string) => Promise<SavedSearch[]>;
  countByEmployer: (employerId: string) => Promise<number>;
  /** Ids of searches whose digest is due at `now`, at most `limit`. */
  dueIds: (now: Date, limit: number) => Promise<string[]>;
  /** Removes the employer's search; false when it has none of that id. */
  remove: (employerId: string, id: string) => Promise<boolean>;
  /** Removes every search of the employer (its erasure). */
  removeAll: (employerId: string) => Promise<number>;
};

export type SavedSearchesDeps = {
  store: AggregateStore<SavedSearch>;
  queries: SavedSearchQueries;
  candidates: CandidateIndex;
  directory: EmployerDirectory;
  positions: Positions;
  clock?: Clock;
};

const notFound = () => new DomainError('saved-search.not-found');

/** Saved searches, and their digests at most once a day. */
export function createSavedSearches({
  store,
  queries,
  candidates,
  directory,
  positions,
  clock = systemClock,
}: SavedSearchesDeps) {
  const own = async (employerId: string, id: string) => {
    const search = await store.load(id);
    if (!search || search.employerId !== employerId) throw notFound();
    return search;
  };

  /**
   * What the search finds now, as the employer's search would show it: the same filters, pause
   * and block lists, and, from a position, the candidates' preferences and the position's levels.
   * A position that was closed since leaves its terms out but its filters in.
   */
  async function matchesOf(search: SavedSearch, now: Date) {
    const { position: positionId, ...filters } = search.filters;
    const found = positionId ? await positions.get(search.employerId, positionId) : undefined;
    const position = found?.status === 'open' ? found : undefined;
    const viewer = directory.viewer(search.employerId);
    const { items, fits } = await candidates.searchYielding(
      {
        ...filters,
        ...(position
          ? {
              position: termsOf(position),
              levels: { experience: position.experience, education: position.education },
            }
          : {}),
      },
      1,
      Number.MAX_SAFE_INTEGER,
      now,
      viewer,
    );
    return items.map((projection) => ({ projection, fit: fits.get(projection.candidateId) ?? null }));
  }

  /** Makes a due search's digest: its event when it found someone new, the search due again a day later. */
  async function digest(id: string) {
    const now = clock();
    const current = await store.load(id);
    if (!current || !isDue(current, now)) return false;
    // an employer no longer verified (or erased) gets no digest, and is asked again a day later
    const found = directory.isVerified(current.employerId)
      ? digestOf(current, await matchesOf(current, now))
      : undefined;
    const changed = await store.change(id, (latest) => {
      // another instance made this digest meanwhile: nothing more to do
      if (!isDue(latest, now)) return { next: latest, events: [] };
      const next = afterDigest(latest, found?.counted ?? [], now);
      return {
        next,
        events: () => (found && found.listed.length > 0 ? [searchDigestReady(latest, found, clock)] : []),
      };
    });
    return changed !== null;
  }

  return {
    list: (employerId: string) => queries.listByEmployer(employerId),

    async save(employerId: string, input: { name: string; filters: SavedSearchFilters; digest: boolean }) {
      if ((await queries.countByEmployer(employerId)) >= savedSearchLimit)
        throw new DomainError('saved-search.too-many');
      // a position it names must be the employer's own (closed ones too: it may reopen)
      if (input.filters.position && !(await positions.get(employerId, input.filters.position)))
        throw new DomainError('position.not-found');
      const now = clock();
      const search: SavedSearch = {
        id: randomUUID(),
        employerId,
        name: input.name,
        filters: input.filters,
        digest: input.digest,
        sent: [],
        lastDigestAt: null,
        nextDigestAt: nextDigestFrom(input.digest, now),
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      const { state } = await store.create(
        search,
        [],
        () => new Error(`duplicate saved search ${search.id}`),
      );
      return state;
    },

    async change(employerId: string, id: string, { name, digest: wanted }: SavedSearchChange) {
      await own(employerId, id);
      const now = clock();
      const changed = await store.change(id, (current) => ({
        next: {
          ...current,
          name,
          digest: wanted,
          // turned on: the first digest a day later, counting from now; turned off: none due
          nextDigestAt: wanted ? (current.digest ? current.nextDigestAt : nextDigestFrom(true, now)) : null,
          ...(wanted && !current.digest ? { lastDigestAt: now } : {}),
        },
        events: [],
      }));
      if (!changed) throw notFound();
      return changed.state;
    },

    async remove(employerId: string, id: string) {
      if (!(await queries.remove(employerId, id))) throw notFound();
    },

    /** The searches' name, for the digest's e-mail (notifications asks with a service token). */
    async nameOf(id: string) {
      const search = await store.load(id);
      if (!search) throw notFound();
      return search.name;
    },

    /** Every due digest (one instance makes each: the store's version decides). How many were made. */
    async runDue(limit = 100) {
      let made = 0;
      for (const id of await queries.dueIds(clock(), limit)) if (await digest(id)) made += 1;
      return made;
    },

    eraseEmployer: (employerId: string) => queries.removeAll(employerId),
  };
}

export type SavedSearches = ReturnType<typeof createSavedSearches>;
