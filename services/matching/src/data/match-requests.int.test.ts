import { randomUUID } from 'node:crypto';
import { type AggregateStoreOptions, offlineAggregateStores, type Platform } from '@meritmatch/service-kit';
import { filterFields, uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { MatchRequest } from '../domain/match-request';
import { describeMatchRequestQueriesContract } from '../testing/match-request-queries-contract';
import { createMatchRequestData } from './match-requests';

type Data = ReturnType<typeof createMatchRequestData>;

const at = (iso: string) => new Date(iso);
const request = (createdAt: Date, status: MatchRequest['status'] = 'pending'): MatchRequest => ({
  id: randomUUID(),
  employerId: randomUUID(),
  candidateId: randomUUID(),
  candidateCode: 'MM-ABC123',
  status,
  message: null,
  adminNotes: null,
  contactNote: null,
  notesByEvent: [],
  version: 1,
  createdAt,
  updatedAt: createdAt,
});

/** Every command on `collection`, with its filter (a count's or aggregate's pipeline `$match` too). */
function recordCommands(connection: Connection, collection: string) {
  const seen: Array<{ command: string; fields: string }> = [];
  connection.getClient().on('commandStarted', ({ commandName, command }) => {
    if (command[commandName] !== collection) return;
    const pipeline = (command.pipeline ?? []) as Array<Record<string, unknown>>;
    const filter = command.filter ?? command.query ?? pipeline.find((stage) => stage.$match)?.$match ?? {};
    seen.push({ command: commandName, fields: filterFields(filter) });
  });
  return seen;
}

/** The data layer as the service makes it, on a database of its own, without a relay (nothing is published here). */
async function openData(queueMaxAgeMs = 0) {
  const connection = await mongoose
    .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('requests'), monitorCommands: true })
    .asPromise();
  const offline = await offlineAggregateStores(connection);
  const platform = {
    connection,
    aggregateStore: ({
      topic: _topic,
      ...options
    }: AggregateStoreOptions<MatchRequest> & { topic: string }) => offline(options),
  } as unknown as Platform;
  // by default the queue is read again for every page: the tests change its collection behind
  // the service's back
  const data = createMatchRequestData(platform, 'unused', { queueMaxAgeMs });
  await data.model.createIndexes();
  return { connection, data, platform };
}

describeMatchRequestQueriesContract('on the real database', async () => {
  const { connection, data } = await openData();
  return {
    ...data,
    close: async () => {
      await connection.dropDatabase();
      await connection.close();
    },
  };
});

describe("match request data on the real database: the admins' queue and the owners' lists", () => {
  let connection: Connection;
  let data: Data;

  beforeAll(async () => {
    ({ connection, data } = await openData());
    // no request was stored before the lists: they are complete from the start
    expect(await data.backfillLists()).toBe(0);
  });
  beforeEach(async () => {
    await data.model.deleteMany({});
    await data.pending.deleteMany({});
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  const create = async (state: MatchRequest) =>
    (await data.store.create(state, [], () => new Error('duplicate'))).state;
  const decide = async (id: string, status: MatchRequest['status']) =>
    data.store.change(id, (current) => ({ next: { ...current, status }, events: [] }));
  const queued = async () => (await data.pending.find({}).lean()).map((entry) => entry._id).sort();

  it('pages the pending requests newest first from the queue, reading requests by _id alone', async () => {
    const first = await create(request(at('2026-05-01T09:00:00Z')));
    const second = await create(request(at('2026-05-01T10:00:00Z')));
    const third = await create(request(at('2026-05-01T11:00:00Z')));
    const approved = await create(request(at('2026-05-01T12:00:00Z')));
    await decide(approved.id, 'approved');
    const rejected = await create(request(at('2026-05-01T13:00:00Z')));
    await decide(rejected.id, 'rejected');

    // decided requests leave the queue: it holds the pending ones only
    expect(await queued()).toEqual([first.id, second.id, third.id].sort());

    const commands = recordCommands(connection, 'match_requests');
    const page1 = await data.queries.listByStatus('pending', 1, 2);
    const page2 = await data.queries.listByStatus('pending', 2, 2);
    expect(page1.items.map((item) => item.id)).toEqual([third.id, second.id]);
    expect(page1.total).toBe(3);
    expect(page2.items.map((item) => item.id)).toEqual([first.id]);
    expect(page2.items[0]).toEqual(first);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.filter(({ command, fields }) => command !== 'find' || fields !== '_id')).toEqual([]);

    // the other statuses are read as before
    expect((await data.queries.listByStatus('approved', 1, 10)).items.map((item) => item.id)).toEqual([
      approved.id,
    ]);
  });

  it('puts the queue right when a decision reached the request but not its entry (a stop in between)', async () => {
    const decided = await create(request(at('2026-05-02T09:00:00Z')));
    const waiting = await create(request(at('2026-05-02T10:00:00Z')));
    const entry = await data.pending.findById(decided.id).lean();
    await decide(decided.id, 'approved');
    // as if the process stopped after writing the request: its entry is still there
    await data.pending.create(entry!);

    const page = await data.queries.listByStatus('pending', 1, 10);
    expect(page.items.map((item) => item.id)).toEqual([waiting.id]);
    expect(page.total).toBe(1);
    expect(await queued()).toEqual([waiting.id]);
  });

  it('leaves no entry for a request refused as a second open one for the same candidate', async () => {
    const first = await create(request(at('2026-05-04T09:00:00Z')));
    const again = {
      ...request(at('2026-05-04T10:00:00Z')),
      employerId: first.employerId,
      candidateId: first.candidateId,
    };
    await expect(create(again)).rejects.toThrow('duplicate');

    expect(await queued()).toEqual([first.id]);
    expect((await data.queries.listByStatus('pending', 1, 10)).total).toBe(1);
    // nor does it show in the employer's or the candidate's list
    expect((await data.queries.listByEmployer(first.employerId)).map((item) => item.id)).toEqual([first.id]);
    expect((await data.queries.listByCandidate(first.candidateId)).map((item) => item.id)).toEqual([
      first.id,
    ]);
  });

  it('keeps an entry whose request is still being written, and drops it once that is long past', async () => {
    const writing = randomUUID();
    await data.pending.create({ _id: writing, createdAt: new Date() });
    const old = randomUUID();
    await data.pending.create({ _id: old, createdAt: at('2026-01-01T00:00:00Z') });

    expect((await data.queries.listByStatus('pending', 1, 10)).items).toEqual([]);
    expect(await queued()).toEqual([writing]);
  });

  it('queues, when matching starts, the pending requests stored before the queue existed', async () => {
    const before = await create(request(at('2026-05-03T09:00:00Z')));
    await create(request(at('2026-05-03T10:00:00Z'), 'rejected'));
    await data.pending.deleteOne({ _id: before.id });

    expect(await data.reconcile()).toBe(1);
    expect(await data.reconcile()).toBe(0);
    expect((await data.queries.listByStatus('pending', 1, 10)).items.map((item) => item.id)).toEqual([
      before.id,
    ]);
  });

  it("reads an employer's and a candidate's requests newest first, their own only, by _id alone", async () => {
    const employerId = randomUUID();
    const candidateId = randomUUID();
    const older = await create({ ...request(at('2026-05-05T09:00:00Z')), employerId });
    const shared = await create({ ...request(at('2026-05-05T10:00:00Z')), employerId, candidateId });
    const another = await create({ ...request(at('2026-05-05T11:00:00Z')), candidateId });
    await decide(older.id, 'approved');

    const commands = recordCommands(connection, 'match_requests');
    const employers = await data.queries.listByEmployer(employerId);
    const candidates = await data.queries.listByCandidate(candidateId);
    expect(employers.map((item) => item.id)).toEqual([shared.id, older.id]);
    expect(employers[1]).toMatchObject({ id: older.id, status: 'approved', version: 2 });
    expect(candidates.map((item) => item.id)).toEqual([another.id, shared.id]);
    expect(await data.queries.listByEmployer(randomUUID())).toEqual([]);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.filter(({ command, fields }) => command !== 'find' || fields !== '_id')).toEqual([]);
  });
});

describe("the employers' and candidates' lists of requests stored before the lists existed", () => {
  it('reads them as before until they are added to their lists at start, then from the lists', async () => {
    const { connection, data } = await openData();
    try {
      const employerId = randomUUID();
      // as stored by a version before the lists: the request alone
      const stored = async (state: MatchRequest) => {
        const { id, ...fields } = state;
        await data.model.create({ _id: id, ...fields, openKey: `closed:${id}` });
        return state;
      };
      const first = await stored({ ...request(at('2026-05-06T09:00:00Z'), 'approved'), employerId });
      const second = await stored({ ...request(at('2026-05-06T10:00:00Z'), 'rejected'), employerId });
      // made by this version before the backfill ran: listed already
      const third = (
        await data.store.create(
          { ...request(at('2026-05-06T11:00:00Z')), employerId },
          [],
          () => new Error('duplicate'),
        )
      ).state;

      expect((await data.queries.listByEmployer(employerId)).map((item) => item.id)).toEqual([
        third.id,
        second.id,
        first.id,
      ]);
      // the two older requests, each in its employer's list and its candidate's
      expect(await data.backfillLists()).toBe(4);
      expect(await data.backfillLists()).toBe(0);

      const commands = recordCommands(connection, 'match_requests');
      expect((await data.queries.listByEmployer(employerId)).map((item) => item.id)).toEqual([
        third.id,
        second.id,
        first.id,
      ]);
      expect((await data.queries.listByCandidate(first.candidateId)).map((item) => item.id)).toEqual([
        first.id,
      ]);
      expect(commands.filter(({ command, fields }) => command !== 'find' || fields !== '_id')).toEqual([]);
    } finally {
      await connection.dropDatabase();
      await connection.close();
    }
  });
});

describe("the admins' queue held in memory", () => {
  it("serves pages without reading the queue's collection between reads, with this instance's new and decided requests at once, another's within the queue's age", async () => {
    const maxAgeMs = 1500;
    const { connection, data, platform } = await openData(maxAgeMs);
    // another instance of the service on the same database
    const other = createMatchRequestData(platform, 'unused', { queueMaxAgeMs: maxAgeMs });
    const make = async (into: Data, createdAt: Date) =>
      (await into.store.create(request(createdAt), [], () => new Error('duplicate'))).state;
    const ids = (page: { items: MatchRequest[] }) => page.items.map((item) => item.id);
    try {
      const first = await make(data, at('2026-05-01T09:00:00Z'));
      const second = await make(data, at('2026-05-01T10:00:00Z'));
      expect(ids(await data.queries.listByStatus('pending', 1, 10))).toEqual([second.id, first.id]);

      const reads = recordCommands(connection, 'pending_match_requests');
      const third = await make(data, at('2026-05-01T11:00:00Z'));
      await data.store.change(first.id, (current) => ({
        next: { ...current, status: 'approved' },
        events: [],
      }));
      const page = await data.queries.listByStatus('pending', 1, 10);
      expect(ids(page)).toEqual([third.id, second.id]);
      expect(page.total).toBe(2);
      // the entries were written, never read: the old queue read them all for every page
      expect(reads.filter(({ command }) => command === 'find')).toEqual([]);

      // another instance decides a request and makes one: the decided one is checked out of the
      // page at once, the new one shows once the queue is read again
      await other.store.change(second.id, (current) => ({
        next: { ...current, status: 'rejected' },
        events: [],
      }));
      const fourth = await make(other, at('2026-05-01T12:00:00Z'));
      const before = await data.queries.listByStatus('pending', 1, 10);
      expect(ids(before)).toEqual([third.id]);
      expect(before.total).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, maxAgeMs + 100));
      const after = await data.queries.listByStatus('pending', 1, 10);
      expect(ids(after)).toEqual([fourth.id, third.id]);
      expect(after.total).toBe(2);
    } finally {
      await connection.dropDatabase();
      await connection.close();
    }
  });
});
