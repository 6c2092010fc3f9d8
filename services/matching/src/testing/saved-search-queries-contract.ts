import { randomUUID } from 'node:crypto';
import type { AggregateStore } from '@meritmatch/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch } from '../domain/saved-search';
import type { SavedSearchQueries } from '../use-cases/saved-searches';

export type SavedSearchWorld = {
  store: AggregateStore<SavedSearch>;
  queries: SavedSearchQueries;
  close: () => Promise<void>;
};

const searchOf = (employerId: string, createdAt: string, fields: Partial<SavedSearch> = {}): SavedSearch => ({
  id: randomUUID(),
  employerId,
  name: 'Go people',
  filters: { skills: 'Go', experience: 'all', education: 'all' },
  digest: true,
  sent: [],
  lastDigestAt: null,
  nextDigestAt: new Date('2026-06-02T00:00:00Z'),
  version: 1,
  createdAt: new Date(createdAt),
  updatedAt: new Date(createdAt),
  ...fields,
});

/**
 * What the saved searches' reads answer, whatever holds them: the database's data and its
 * in-memory twin, so that a route test on the twin sees what the service reads.
 */
export function describeSavedSearchQueriesContract(name: string, open: () => Promise<SavedSearchWorld>) {
  describe(`${name}: the saved searches' reads`, () => {
    let world: SavedSearchWorld;
    beforeAll(async () => {
      world = await open();
    });
    afterAll(() => world.close());
    const add = (search: SavedSearch) => world.store.create(search, [], () => new Error('duplicate'));

    it("lists an employer's own searches newest first, and counts them", async () => {
      const employer = randomUUID();
      const older = searchOf(employer, '2026-01-01T00:00:00Z');
      const newer = searchOf(employer, '2026-01-02T00:00:00Z', {
        filters: { experience: 'mid', education: 'phd' },
      });
      await add(older);
      await add(newer);
      await add(searchOf(randomUUID(), '2026-01-03T00:00:00Z'));
      expect((await world.queries.listByEmployer(employer)).map((search) => search.id)).toEqual([
        newer.id,
        older.id,
      ]);
      expect((await world.queries.listByEmployer(employer))[0]).toEqual(newer);
      expect(await world.queries.countByEmployer(employer)).toBe(2);
    });

    it('finds the searches whose digest is due, and none whose e-mail is off or not due yet', async () => {
      const employer = randomUUID();
      const due = searchOf(employer, '2026-02-01T00:00:00Z', {
        nextDigestAt: new Date('2026-02-02T00:00:00Z'),
      });
      const later = searchOf(employer, '2026-02-01T00:00:00Z', {
        nextDigestAt: new Date('2026-02-09T00:00:00Z'),
      });
      const off = searchOf(employer, '2026-02-01T00:00:00Z', { digest: false, nextDigestAt: null });
      for (const search of [due, later, off]) await add(search);
      const ids = await world.queries.dueIds(new Date('2026-02-03T00:00:00Z'), 1000);
      expect(ids).toContain(due.id);
      expect(ids).not.toContain(later.id);
      expect(ids).not.toContain(off.id);
    });

    it("removes the employer's own search only, and all of one employer's", async () => {
      const employer = randomUUID();
      const other = randomUUID();
      const mine = searchOf(employer, '2026-03-01T00:00:00Z');
      const theirs = searchOf(other, '2026-03-01T00:00:00Z');
      await add(mine);
      await add(theirs);
      await add(searchOf(employer, '2026-03-02T00:00:00Z'));
      expect(await world.queries.remove(other, mine.id)).toBe(false);
      expect(await world.queries.remove(employer, mine.id)).toBe(true);
      expect(await world.store.load(mine.id)).toBeNull();
      expect(await world.queries.removeAll(employer)).toBe(1);
      expect(await world.queries.listByEmployer(employer)).toEqual([]);
      expect(await world.store.load(theirs.id)).toEqual(theirs);
    });
  });
}
