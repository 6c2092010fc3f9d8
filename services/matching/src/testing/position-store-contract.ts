import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '../domain/position';
import type { PositionStore } from '../use-cases/positions';

export const positionOf = (
  employerId: string,
  createdAt: string,
  fields: Partial<Position> = {},
): Position => ({
  id: randomUUID(),
  employerId,
  status: 'open',
  title: 'Platform engineer',
  description: 'Keeps the clusters running.',
  workMode: 'hybrid',
  location: 'Berlin',
  country: 'DE',
  salary: { min: 60000, max: 80000, currency: 'EUR' },
  mustHave: ['Kubernetes', 'Go'],
  niceToHave: ['Terraform'],
  experience: 'mid',
  education: 'all',
  startWithinWeeks: 8,
  createdAt: new Date(createdAt),
  updatedAt: new Date(createdAt),
  ...fields,
});

/**
 * What a position store answers, whatever holds it: the one test of the database's data and of
 * its in-memory twin, so that a route test on the twin sees what the service reads.
 */
export function describePositionStoreContract(
  name: string,
  open: () => Promise<{ store: PositionStore; close: () => Promise<void> }>,
) {
  describe(`${name}: the employers' positions`, () => {
    let store: PositionStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it('gives back a position as it was stored, the remote one without a location too', async () => {
      const employer = randomUUID();
      const hybrid = positionOf(employer, '2026-01-01T00:00:00Z');
      const { location: _location, ...remote } = positionOf(employer, '2026-01-02T00:00:00Z', {
        workMode: 'remote',
        country: null,
        startWithinWeeks: null,
      });
      await store.insert(hybrid);
      await store.insert(remote);
      expect(await store.find(employer, hybrid.id)).toEqual(hybrid);
      expect(await store.find(employer, remote.id)).toEqual(remote);
    });

    it("lists an employer's own positions newest first, and finds none of another employer's", async () => {
      const employer = randomUUID();
      const other = randomUUID();
      const older = positionOf(employer, '2026-02-01T00:00:00Z');
      const newer = positionOf(employer, '2026-02-03T00:00:00Z');
      const theirs = positionOf(other, '2026-02-02T00:00:00Z');
      for (const position of [older, theirs, newer]) await store.insert(position);
      expect((await store.list(employer)).map((position) => position.id)).toEqual([newer.id, older.id]);
      expect(await store.count(employer)).toBe(2);
      expect(await store.find(employer, theirs.id)).toBeUndefined();
    });

    it("replaces only the employer's own position", async () => {
      const employer = randomUUID();
      const position = positionOf(employer, '2026-03-01T00:00:00Z');
      await store.insert(position);
      const closed = { ...position, status: 'closed' as const, title: 'Staff engineer' };
      expect(await store.replace(closed)).toBe(true);
      expect(await store.find(employer, position.id)).toEqual(closed);
      expect(await store.replace({ ...closed, employerId: randomUUID(), title: 'Taken over' })).toBe(false);
      expect((await store.find(employer, position.id))?.title).toBe('Staff engineer');
      expect(await store.replace(positionOf(employer, '2026-03-02T00:00:00Z'))).toBe(false);
    });

    it('removes every position of one employer, and no other', async () => {
      const employer = randomUUID();
      const other = randomUUID();
      await store.insert(positionOf(employer, '2026-04-01T00:00:00Z'));
      await store.insert(positionOf(employer, '2026-04-02T00:00:00Z'));
      const kept = positionOf(other, '2026-04-03T00:00:00Z');
      await store.insert(kept);
      expect(await store.removeAll(employer)).toBe(2);
      expect(await store.list(employer)).toEqual([]);
      expect(await store.list(other)).toEqual([kept]);
    });
  });
}
