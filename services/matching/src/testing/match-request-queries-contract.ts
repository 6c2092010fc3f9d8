import { randomUUID } from 'node:crypto';
import type { AggregateStore } from '@meritmatch/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchRequest } from '../domain/match-request';
import type { MatchRequestQueries } from '../use-cases/match-requests';

/** Match request data to hold to the contract: the store, the reads across requests, the erasure's list. */
export type MatchRequestWorld = {
  store: AggregateStore<MatchRequest>;
  queries: MatchRequestQueries;
  idsOf: (filter: { employerId: string } | { candidateId: string }) => Promise<string[]>;
  close: () => Promise<void>;
};

const request = (createdAt: string, owners: Partial<MatchRequest> = {}): MatchRequest => ({
  id: randomUUID(),
  employerId: randomUUID(),
  candidateId: randomUUID(),
  candidateCode: 'EM123456',
  status: 'pending',
  message: null,
  adminNotes: null,
  contactNote: null,
  notesByEvent: [],
  version: 1,
  createdAt: new Date(createdAt),
  updatedAt: new Date(createdAt),
  ...owners,
});

/**
 * What the match requests' reads answer, whatever holds them: the one test of the database's
 * data and of its in-memory twin, so that a route test on the twin sees what the service reads.
 * Other requests may be stored already: counts are compared before and after.
 */
export function describeMatchRequestQueriesContract(name: string, open: () => Promise<MatchRequestWorld>) {
  describe(`${name}: the match requests' reads`, () => {
    let world: MatchRequestWorld;
    beforeAll(async () => {
      world = await open();
    });
    afterAll(() => world?.close());

    const create = async (state: MatchRequest) =>
      (await world.store.create(state, [], () => new Error('duplicate'))).state;
    const decide = (id: string, status: MatchRequest['status']) =>
      world.store.change(id, (current) => ({ next: { ...current, status }, events: [] }));
    const ids = (requests: MatchRequest[]) => requests.map((item) => item.id);

    it("lists an employer's and a candidate's requests newest first, their own only", async () => {
      const employerId = randomUUID();
      const candidateId = randomUUID();
      const older = await create(request('2026-05-05T09:00:00Z', { employerId }));
      const shared = await create(request('2026-05-05T10:00:00Z', { employerId, candidateId }));
      const another = await create(request('2026-05-05T11:00:00Z', { candidateId }));
      await decide(older.id, 'approved');

      const employers = await world.queries.listByEmployer(employerId);
      expect(ids(employers)).toEqual([shared.id, older.id]);
      expect(employers[1]).toMatchObject({ status: 'approved', version: 2 });
      expect(ids(await world.queries.listByCandidate(candidateId))).toEqual([another.id, shared.id]);
      expect(await world.queries.listByEmployer(randomUUID())).toEqual([]);
      expect((await world.idsOf({ employerId })).sort()).toEqual([older.id, shared.id].sort());
      expect((await world.idsOf({ candidateId })).sort()).toEqual([another.id, shared.id].sort());
    });

    it('pages the requests of one status newest first, with their total, and counts each status', async () => {
      const pendingBefore = (await world.queries.listByStatus('pending', 1, 1)).total;
      const countsBefore = await world.queries.countByStatus();
      // later than anything else stored: they lead every page
      const first = await create(request('2099-01-01T09:00:00Z'));
      const second = await create(request('2099-01-01T10:00:00Z'));
      const third = await create(request('2099-01-01T11:00:00Z'));
      const approved = await create(request('2099-01-01T12:00:00Z'));
      await decide(approved.id, 'approved');

      const page1 = await world.queries.listByStatus('pending', 1, 2);
      expect(ids(page1.items)).toEqual([third.id, second.id]);
      expect(page1.total).toBe(pendingBefore + 3);
      expect((await world.queries.listByStatus('pending', 2, 2)).items[0]).toEqual(first);
      expect(ids((await world.queries.listByStatus('approved', 1, 1)).items)).toEqual([approved.id]);
      const counts = await world.queries.countByStatus();
      expect(counts.pending).toBe((countsBefore.pending ?? 0) + 3);
      expect(counts.approved).toBe((countsBefore.approved ?? 0) + 1);
    });

    it('refuses a second open request of one employer for one candidate, and takes one once the first is closed', async () => {
      const first = await create(request('2026-05-04T09:00:00Z'));
      const again = () =>
        create(
          request('2026-05-04T10:00:00Z', { employerId: first.employerId, candidateId: first.candidateId }),
        );
      await expect(again()).rejects.toThrow('duplicate');
      expect(ids(await world.queries.listByEmployer(first.employerId))).toEqual([first.id]);
      await decide(first.id, 'rejected');
      const next = await again();
      expect(ids(await world.queries.listByCandidate(first.candidateId))).toEqual([next.id, first.id]);
    });
  });
}
