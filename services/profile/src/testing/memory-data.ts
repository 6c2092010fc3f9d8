import { findByIds } from '@meritmatch/service-kit';
import { createMemoryAggregateStore } from '@meritmatch/service-kit/testing/memory-aggregate-store';
import { type EmployerProfileReads, employerProfileStorage } from '../data/employer-profiles';
import {
  type JobSeekerProfileReads,
  jobSeekerProfileStorage,
  uniqueProfileFields,
} from '../data/job-seeker-profiles';
import type { EmployerProfile } from '../domain/employer-profile';
import type { JobSeekerProfile } from '../domain/job-seeker-profile';
import type { AccessRow, AccessViews, SeekerViewEntry } from '../use-cases/access-log';

/** The profiles in memory: the store and the routes' reads across profiles. */
export function memoryJobSeekerProfiles() {
  const store = createMemoryAggregateStore<JobSeekerProfile>({
    ...jobSeekerProfileStorage,
    unique: uniqueProfileFields,
  });
  const byCandidateId = async (candidateId: string) =>
    store.all().find((profile) => profile.candidateId === candidateId) ?? null;
  const reads: JobSeekerProfileReads = {
    findByCandidateId: byCandidateId,
    findManyByUserIds: (userIds) => findByIds(userIds, store.load),
    findManyByCandidateIds: (candidateIds) => findByIds(candidateIds, byCandidateId),
  };
  return { store, ...reads };
}

/** The company profiles in memory: the store and the routes' lookup of several. */
export function memoryEmployerProfiles() {
  const store = createMemoryAggregateStore<EmployerProfile>(employerProfileStorage);
  const reads: EmployerProfileReads = { findMany: (userIds) => findByIds(userIds, store.load) };
  return { store, ...reads };
}

/** The access log's views in memory: lists newest first, an item added again (same key) added once. */
export function memoryAccessViews(): AccessViews {
  const lists = new Map<string, Array<SeekerViewEntry | AccessRow>>();
  const append = (list: string, item: SeekerViewEntry | AccessRow) => {
    const items = lists.get(list) ?? [];
    if (!items.some((known) => known.id === item.id)) lists.set(list, [...items, item]);
  };
  const page = <T>(list: string, skip: number, limit: number) => {
    const items = [...(lists.get(list) ?? [])].reverse() as T[];
    return { items: items.slice(skip, skip + limit), length: items.length };
  };
  return {
    async add(entriesByUser, row) {
      for (const [userId, entries] of entriesByUser)
        for (const entry of entries) append(`seeker:${userId}`, entry);
      append('all', row);
    },
    async seekerEntries(userId, skip, limit) {
      const { items, length } = page<SeekerViewEntry>(`seeker:${userId}`, skip, limit);
      return { entries: items, totalCount: length };
    },
    async rows(skip, limit) {
      const { items, length } = page<AccessRow>('all', skip, limit);
      return { rows: items, totalCount: length };
    },
  };
}
