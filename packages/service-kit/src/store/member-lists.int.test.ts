import { randomUUID } from 'node:crypto';
import { filterFields, recordFilters, uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMemberLists } from './member-lists';

const collection = 'members';

/**
 * The lists on the real database, written by two processes at once (two connections, each with
 * its own lists object, as two matching instances would be). FerretDB v1 loses concurrent updates
 * to one document (ferretdb-compat.int.test.ts), so a list kept as one document would lose members.
 */
describe('member lists', () => {
  let dbName: string;
  let connections: Connection[];

  beforeAll(async () => {
    dbName = uniqueName('member-lists');
    connections = await Promise.all(
      [1, 2].map(() =>
        mongoose.createConnection(inject('infra').mongoUrl, { dbName, monitorCommands: true }).asPromise(),
      ),
    );
  });
  afterAll(async () => {
    await connections[0]?.dropDatabase();
    await Promise.all(connections.map((connection) => connection.close()));
  });

  const positionsOf = async (list: string) =>
    (await connections[0]!.collection(collection).find({}).toArray())
      .map((doc) => String(doc._id))
      .filter((id) => id.startsWith(`${list}:`))
      .map((id) => Number(id.slice(list.length + 1)))
      .sort((a, b) => a - b);
  const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('keeps every member two processes add to one list at once, at positions without a gap', async () => {
    const [one, two] = connections.map((connection) => createMemberLists(connection, collection));
    const list = `employer:${randomUUID()}`;
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const seen = connections.map((connection) => recordFilters(connection.getClient(), collection));
    const recorded = () => seen.flat();

    await Promise.all(ids.map((id, i) => (i % 2 === 0 ? one! : two!).add(list, id)));
    expect((await one!.members(list)).sort()).toEqual([...ids].sort());
    expect((await two!.members(list)).sort()).toEqual([...ids].sort());
    // every read of a member names its `_id` alone, which FerretDB finds without a scan
    expect(recorded().length).toBeGreaterThan(0);
    expect(recorded().filter(({ filter }) => filterFields(filter) !== '_id')).toEqual([]);
    expect(await positionsOf(list)).toEqual(upTo(40));
  });

  it('adds to a list another process wrote, and answers the newest first', async () => {
    const list = `candidate:${randomUUID()}`;
    const writer = createMemberLists(connections[0]!, collection);
    const ids = Array.from({ length: 37 }, () => randomUUID());
    for (const id of ids) await writer.add(list, id);

    // another process: no hint of where the list ends
    const other = createMemberLists(connections[1]!, collection);
    const last = randomUUID();
    await other.add(list, last);
    // the same create again (a retry) adds nothing
    await other.add(list, last);

    expect(await positionsOf(list)).toEqual(upTo(38));
    expect(await other.members(list)).toEqual([last, ...[...ids].reverse()]);
    expect(await other.members(`candidate:${randomUUID()}`)).toEqual([]);
  });

  it("reads a list's aggregates by _id, each once, without those never written or not the owner's", async () => {
    const lists = createMemberLists(connections[0]!, collection);
    const list = `employer:${randomUUID()}`;
    const stored = new Map([
      ['a', { id: 'a', owner: 'me' }],
      ['b', { id: 'b', owner: 'me' }],
      ['c', { id: 'c', owner: 'someone else' }],
    ]);
    for (const id of ['a', 'never-written', 'b', 'a', 'c']) await lists.add(list, id);
    const loaded: string[] = [];
    const load = async (id: string) => {
      loaded.push(id);
      return stored.get(id) ?? null;
    };

    const found = await lists.read(list, load, (state) => state.owner === 'me');

    expect(found.map((state) => state.id)).toEqual(['b', 'a']);
    expect(loaded.sort()).toEqual(['a', 'b', 'c', 'never-written']);
  });

  it('adds what was stored before the lists, once, and then says they are complete', async () => {
    // a database of its own: `complete` is one mark for the whole collection
    const connection = connections[0]!.useDb(uniqueName('member-lists-backfill'), { useCache: false });
    const lists = createMemberLists(connection, collection);
    const owner = `employer:${randomUUID()}`;
    const states = [
      { id: randomUUID(), lists: [owner, 'candidate:1'] },
      { id: randomUUID(), lists: [owner, 'candidate:2'] },
      { id: randomUUID(), lists: [owner, 'candidate:1'] },
    ];
    // the first was created after the lists came, so it is listed already
    await lists.add(owner, states[0]!.id);
    await lists.add('candidate:1', states[0]!.id);
    async function* stored() {
      yield* states;
    }

    expect(await lists.complete()).toBe(false);
    expect(await lists.backfill(stored(), (state) => state.lists)).toBe(4);
    expect(await lists.complete()).toBe(true);
    expect(await lists.members(owner)).toEqual(states.map((state) => state.id).reverse());
    expect(await lists.members('candidate:1')).toEqual([states[2]!.id, states[0]!.id]);
    expect(await lists.members('candidate:2')).toEqual([states[1]!.id]);

    // complete for another process too, and never run again
    const later = createMemberLists(connection, collection);
    expect(await later.complete()).toBe(true);
    expect(await later.backfill(stored(), (state) => state.lists)).toBe(0);
    expect(await later.members(owner)).toHaveLength(3);
    await connection.dropDatabase();
  });
});
