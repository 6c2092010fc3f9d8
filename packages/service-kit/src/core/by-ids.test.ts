import { describe, expect, it } from 'vitest';
import { findByIds } from './by-ids';

describe('findByIds', () => {
  it('reads each id once, leaves unknown ids out and keeps at most 50 reads in flight', async () => {
    const known = new Set(Array.from({ length: 120 }, (_, index) => `id-${index}`));
    const read: string[] = [];
    let inFlight = 0;
    let most = 0;
    const findById = async (id: string) => {
      read.push(id);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return known.has(id) ? { _id: id } : null;
    };
    const ids = [...known, 'id-3', 'id-7', 'missing-1', 'missing-2'];
    const found = await findByIds(ids, findById);
    expect(found.map((doc) => doc._id).sort()).toEqual([...known].sort());
    expect(read).toHaveLength(122);
    expect(new Set(read).size).toBe(122);
    expect(most).toBe(50);
  });

  it('reads nothing for no ids', async () => {
    expect(await findByIds([], async () => ({ _id: 'x' }))).toEqual([]);
  });
});
