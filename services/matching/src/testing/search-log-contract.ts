import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedCandidate, SearchLogEntry } from '../domain/search-log';
import type { SearchLogStore } from '../use-cases/search-log';

/** A search log store to hold to the contract. */
export type SearchLogWorld = { store: SearchLogStore; close: () => Promise<void> };

const shown = (uniqueCode: string, score: number | null = null): LoggedCandidate => ({
  candidateId: randomUUID(),
  uniqueCode,
  score,
});

const search = (
  at: string,
  results: LoggedCandidate[],
  fields: Partial<SearchLogEntry> = {},
): SearchLogEntry => ({
  id: randomUUID(),
  kind: 'search',
  employerId: randomUUID(),
  at: new Date(at),
  filters: {
    skills: ['TypeScript'],
    preferred: [],
    location: null,
    experience: 'all',
    education: 'all',
    position: null,
    page: 1,
    limit: 12,
  },
  rankingVersion: 'skills-1',
  results,
  ...fields,
});

const opened = (at: string, candidate: LoggedCandidate, employerId = randomUUID()): SearchLogEntry => ({
  id: randomUUID(),
  kind: 'opened',
  employerId,
  at: new Date(at),
  filters: null,
  rankingVersion: null,
  results: [candidate],
});

/**
 * What the search log answers, whatever holds it: the one test of the database's store and of
 * its in-memory twin, so that a route test on the twin sees what the service reads. Other entries
 * may be stored already: each case selects its own by employer, code or candidate.
 */
export function describeSearchLogContract(name: string, open: () => Promise<SearchLogWorld>) {
  describe(`${name}: the search log`, () => {
    let world: SearchLogWorld;
    beforeAll(async () => {
      world = await open();
    });
    afterAll(() => world?.close());

    const ids = (entries: SearchLogEntry[]) => entries.map((entry) => entry.id);

    it('keeps an entry as written and pages one employer newest first, ties by id, with the total', async () => {
      const employerId = randomUUID();
      const first = search('2026-03-02T09:00:00Z', [shown('EM200001', 91), shown('EM200002', 40)], {
        employerId,
        filters: {
          skills: ['React', 'Node'],
          preferred: ['GraphQL'],
          location: 'Berlin',
          experience: 'senior',
          education: 'master',
          position: null,
          page: 2,
          limit: 24,
        },
      });
      const unranked = search('2026-03-02T10:00:00Z', [shown('EM200003')], {
        employerId,
        rankingVersion: null,
      });
      const [tieA, tieB] = [randomUUID(), randomUUID()].sort();
      const tied = [
        opened('2026-03-02T11:00:00Z', shown('EM200004'), employerId),
        opened('2026-03-02T11:00:00Z', shown('EM200005'), employerId),
      ];
      tied[0]!.id = tieB!;
      tied[1]!.id = tieA!;
      for (const entry of [first, unranked, ...tied]) await world.store.record(entry);
      await world.store.record(search('2026-03-02T12:00:00Z', [shown('EM200006')]));

      const page1 = await world.store.page({ employerId }, 1, 3);
      expect(ids(page1.items)).toEqual([tieA, tieB, unranked.id]);
      expect(page1.total).toBe(4);
      const page2 = await world.store.page({ employerId }, 2, 3);
      expect(page2.items).toEqual([first]);
      expect(page2.items[0]?.results.map((result) => result.score)).toEqual([91, 40]);
      expect(page1.items[2]).toEqual(unranked);
    });

    it('selects the entries naming a code, and those between two moments', async () => {
      const code = `EM${String(Date.now()).slice(-7)}`;
      const candidate = shown(code, 77);
      const inSearch = search('2026-04-06T08:00:00Z', [shown('EM300001'), candidate]);
      const detail = opened('2026-04-07T08:00:00Z', { ...candidate, score: null });
      const later = search('2026-04-20T08:00:00Z', [candidate]);
      for (const entry of [inSearch, detail, later, search('2026-04-07T09:00:00Z', [shown('EM300002')])])
        await world.store.record(entry);

      expect(ids((await world.store.page({ uniqueCode: code }, 1, 10)).items)).toEqual([
        later.id,
        detail.id,
        inSearch.id,
      ]);
      const week = await world.store.page(
        {
          uniqueCode: code,
          from: new Date('2026-04-06T00:00:00Z'),
          before: new Date('2026-04-13T00:00:00Z'),
        },
        1,
        10,
      );
      expect(ids(week.items)).toEqual([detail.id, inSearch.id]);
      expect(week.total).toBe(2);
      const { items } = await world.store.page({ employerId: detail.employerId, uniqueCode: code }, 1, 10);
      expect(ids(items)).toEqual([detail.id]);
    });

    it("counts a candidate's appearances per week: searches that showed them and details opened", async () => {
      const candidate = shown('EM400001', 60);
      const entries = [
        search('2026-01-05T08:00:00Z', [candidate]),
        search('2026-02-02T08:00:00Z', [shown('EM400002'), candidate]),
        opened('2026-02-03T08:00:00Z', candidate),
        // shown twice on one page (it cannot be): counted once
        search('2026-02-04T08:00:00Z', [candidate, candidate]),
        search('2026-02-04T09:00:00Z', [shown('EM400003')]),
      ];
      for (const entry of entries) await world.store.record(entry);
      const weeks = await world.store.weeksOf(candidate.candidateId, [
        '2026-02-02',
        '2026-01-26',
        '2026-01-05',
      ]);
      expect([...weeks].sort((a, b) => a.weekStart.localeCompare(b.weekStart))).toEqual([
        { weekStart: '2026-01-05', searches: 1, opened: 0 },
        { weekStart: '2026-02-02', searches: 2, opened: 1 },
      ]);
      expect(await world.store.weeksOf(randomUUID(), ['2026-02-02'])).toEqual([]);
    });

    it("takes an erased candidate out of every search's results and deletes their opened details, once", async () => {
      const leaving = shown('EM500001', 88);
      const staying = shown('EM500002', 70);
      const employerId = randomUUID();
      const both = search('2026-05-04T08:00:00Z', [leaving, staying], { employerId });
      const alone = search('2026-05-04T09:00:00Z', [leaving], { employerId });
      const detail = opened('2026-05-04T10:00:00Z', leaving, employerId);
      const other = opened('2026-05-04T11:00:00Z', staying, employerId);
      for (const entry of [both, alone, detail, other]) await world.store.record(entry);

      expect(await world.store.eraseCandidate(leaving.candidateId)).toBe(3);
      const { items, total } = await world.store.page({ employerId }, 1, 10);
      expect(total).toBe(3);
      expect(items).toEqual([other, { ...alone, results: [] }, { ...both, results: [staying] }]);
      expect(JSON.stringify(items)).not.toContain(leaving.candidateId);
      expect((await world.store.page({ uniqueCode: leaving.uniqueCode }, 1, 10)).total).toBe(0);
      expect(await world.store.weeksOf(leaving.candidateId, ['2026-05-04'])).toEqual([]);
      expect(await world.store.weeksOf(staying.candidateId, ['2026-05-04'])).toEqual([
        { weekStart: '2026-05-04', searches: 1, opened: 1 },
      ]);
      // asked again: nothing left to erase
      expect(await world.store.eraseCandidate(leaving.candidateId)).toBe(0);
    });

    it('sweeps the entries older than a moment and keeps the rest', async () => {
      const employerId = randomUUID();
      const old = search('1990-01-01T00:00:00Z', [shown('EM600001')], { employerId });
      const edge = search('1990-01-02T00:00:00Z', [shown('EM600002')], { employerId });
      for (const entry of [old, edge]) await world.store.record(entry);
      expect(await world.store.sweep(new Date('1990-01-02T00:00:00Z'))).toBeGreaterThanOrEqual(1);
      expect(ids((await world.store.page({ employerId }, 1, 10)).items)).toEqual([edge.id]);
    });
  });
}
