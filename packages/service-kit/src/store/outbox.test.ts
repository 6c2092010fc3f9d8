import type { Producer } from 'kafkajs';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createLogger } from '../core/logger';
import { currentContext, runWithContext } from '../core/request-context';
import { type AnyModel, OutboxRelay, withEvents, withInitialEvents } from './outbox';

const event = (id: string) => ({
  id,
  type: 't.happened',
  version: 1,
  occurredAt: '2026-01-01T00:00:00.000Z',
  source: 'test',
  aggregateId: 'a1',
  data: {},
});

describe('outbox update helpers', () => {
  it('adds the events to the same update as the change', () => {
    expect(withEvents({ $set: { name: 'x' }, $inc: { version: 1 } }, [event('e1'), event('e2')])).toEqual({
      $set: { name: 'x', _outboxPending: true },
      $inc: { version: 1, _outboxCount: 2 },
      $push: { _outbox: { $each: [event('e1'), event('e2')] } },
    });
  });

  it('leaves an update without events alone', () => {
    expect(withEvents({ $set: { name: 'x' } }, [])).toEqual({ $set: { name: 'x' } });
  });

  it('starts a new document with its events pending', () => {
    expect(withInitialEvents([event('e1')])).toEqual({
      _outbox: [event('e1')],
      _outboxCount: 1,
      _outboxPending: true,
    });
  });
});

describe('outbox relay', () => {
  it("publishes outside the request that wrote: a caller's deadline does not limit it", async () => {
    const contexts: unknown[] = [];
    const published: unknown[] = [];
    const model = {
      modelName: 'Widget',
      collection: { collectionName: 'widgets' },
      db: { name: 'test' },
      findById: () => ({
        lean: async () => {
          contexts.push(currentContext());
          return { _id: 'w1', _outbox: [event('e1')] };
        },
      }),
      updateOne: async () => ({ modifiedCount: 1 }),
    } as unknown as AnyModel;
    const producer = { send: async (batch: unknown) => published.push(batch) } as unknown as Producer;
    const relay = new OutboxRelay({
      sources: [{ model, topic: 'widgets' }],
      producer,
      logger: createLogger('outbox-unit', 'silent'),
    });
    // the request's deadline has passed by the time its events are published
    runWithContext({ requestId: 'r1', deadline: Date.now() - 1 }, () => relay.notify(model, 'w1'));
    await vi.waitFor(() => expect(published).toHaveLength(1));
    // every read of the relay (the events, then the count left) ran outside the request
    expect(contexts.length).toBeGreaterThan(0);
    expect(contexts.every((context) => context === undefined)).toBe(true);
  });
});

describe("the relay's share of the database", () => {
  it('publishes a few documents at a time, however many wait (a backlog after a broker stall)', async () => {
    let busy = 0;
    let most = 0;
    const published: string[] = [];
    const work = async () => {
      busy += 1;
      most = Math.max(most, busy);
      await new Promise((resolve) => setTimeout(resolve, 5));
      busy -= 1;
    };
    const model = {
      modelName: 'Widget',
      collection: { collectionName: 'widgets' },
      db: { name: 'test' },
      // the relay's reads and writes of each document: what the pool and the database serve
      findById: (id: string) => ({
        lean: async () => {
          await work();
          return { _id: id, _outbox: [{ ...event(`e-${id}`), aggregateId: id }] };
        },
      }),
      updateOne: async () => {
        await work();
        return { modifiedCount: 1 };
      },
    } as unknown as AnyModel;
    const producer = {
      send: async ({ messages }: { messages: Array<{ key: string }> }) => {
        published.push(...messages.map((message) => message.key));
      },
    } as unknown as Producer;
    const relay = new OutboxRelay({
      sources: [{ model, topic: 'widgets' }],
      producer,
      logger: createLogger('outbox-unit', 'silent'),
      concurrency: 3,
    });
    for (let i = 0; i < 60; i++) relay.notify(model, `w${i}`);
    await vi.waitFor(() => expect(published).toHaveLength(60));
    expect(new Set(published).size).toBe(60);
    // unbounded, all 60 documents were read at once (the relay of 2026-11-29's fault run)
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1);
  });
});

describe('a document changed while its events wait their turn', () => {
  it('publishes the later events too, without waiting for the sweep', async () => {
    // each document's stored outbox; the relay's removal pulls the events it sent
    const outboxes = new Map<string, ReturnType<typeof event>[]>([
      ['a', [{ ...event('a1'), aggregateId: 'a' }]],
      ['b', [{ ...event('b1'), aggregateId: 'b' }]],
    ]);
    const model = {
      modelName: 'Widget',
      collection: { collectionName: 'widgets' },
      db: { name: 'test' },
      findById: (id: string) => ({ lean: async () => ({ _id: id, _outbox: outboxes.get(id) }) }),
      // the sweep's filter finds nothing: only the notices can publish
      find: () => ({ limit: () => ({ lean: async () => [] }) }),
      updateOne: async (filter: { _id: string }, update: { $pullAll?: { _outbox: { id: string }[] } }) => {
        const sent = new Set((update.$pullAll?._outbox ?? []).map((e) => e.id));
        outboxes.set(
          filter._id,
          (outboxes.get(filter._id) ?? []).filter((e) => !sent.has(e.id)),
        );
        return { modifiedCount: 1 };
      },
    } as unknown as AnyModel;
    let release = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    const published: string[] = [];
    const producer = {
      send: async ({ messages }: { messages: Array<{ value: string }> }) => {
        await stalled; // the broker is stalled until released
        published.push(...messages.map((message) => JSON.parse(message.value).id));
      },
    } as unknown as Producer;
    const relay = new OutboxRelay({
      sources: [{ model, topic: 'widgets' }],
      producer,
      logger: createLogger('outbox-unit', 'silent'),
      concurrency: 1,
      sweepMs: 60000,
    });
    relay.start();
    onTestFinished(() => relay.stop());
    relay.notify(model, 'a');
    // b's writer knew its whole outbox; b's drain waits behind a's
    relay.notify(model, 'b', outboxes.get('b'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // b changes again meanwhile: its writer saw an event waiting, so the relay must read b
    outboxes.set('b', [...outboxes.get('b')!, { ...event('b2'), aggregateId: 'b' }]);
    relay.notify(model, 'b');
    release();
    await vi.waitFor(() => expect(published).toEqual(['a1', 'b1', 'b2']));
    expect(outboxes.get('b')).toEqual([]);
  });
});

describe('the outbox sweep', () => {
  const relayWith = (model: AnyModel, options: { sweepMs: number; sweepShare?: number }) =>
    new OutboxRelay({
      sources: [{ model, topic: 'widgets' }],
      producer: { send: async () => undefined } as unknown as Producer,
      logger: createLogger('outbox-unit', 'silent'),
      ...options,
    });

  it('waits its interval after a quick sweep, and long enough after a slow one to sweep at most its share of the time', () => {
    const relay = relayWith({} as AnyModel, { sweepMs: 5000 });
    expect(relay.sweepDelay(3)).toBe(5000);
    expect(relay.sweepDelay(250)).toBe(5000);
    // a sweep of 2 s (some 18,000 documents on FerretDB) is followed by 38 s without one: 5%
    expect(relay.sweepDelay(2000)).toBe(38000);
    expect(relayWith({} as AnyModel, { sweepMs: 5000, sweepShare: 0.5 }).sweepDelay(8000)).toBe(8000);
  });

  it('spaces the next sweep by how long the last one took to read the collection', async () => {
    let sweeps = 0;
    const model = {
      modelName: 'Widget',
      collection: { collectionName: 'widgets' },
      db: { name: 'test' },
      // the sweep's filter: a slow read of a large collection, with nothing pending
      find: () => ({
        limit: () => ({
          lean: async () => {
            sweeps += 1;
            // longer than the 60 ms asserted below: a timer may fire a fraction of a millisecond
            // early against performance.now() (CI: 1,135 ms measured where 19 × 60 was expected)
            await new Promise((resolve) => setTimeout(resolve, 70));
            return [];
          },
        }),
      }),
    } as unknown as AnyModel;
    const relay = relayWith(model, { sweepMs: 100 });
    relay.start();
    try {
      await vi.waitFor(() => expect(relay.sweepInterval).toBeGreaterThanOrEqual(60 * 19));
      // with a fixed 100 ms interval there would have been more sweeps by now
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sweeps).toBe(1);
    } finally {
      await relay.stop();
    }
  });

  it('is spaced by its reads of the collection, not by its wait for the broker', async () => {
    const model = {
      modelName: 'Widget',
      collection: { collectionName: 'widgets' },
      db: { name: 'test' },
      // one document pending, quickly found; published, it is gone
      find: () => ({ limit: () => ({ lean: async () => (published ? [] : [{ _id: 'w1' }]) }) }),
      findById: () => ({ lean: async () => ({ _id: 'w1', _outbox: published ? [] : [event('e1')] }) }),
      updateOne: async () => ({ modifiedCount: 1 }),
    } as unknown as AnyModel;
    let published = false;
    const relay = new OutboxRelay({
      sources: [{ model, topic: 'widgets' }],
      // a stalled broker: the publication takes 300 ms
      producer: {
        send: async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          published = true;
        },
      } as unknown as Producer,
      logger: createLogger('outbox-unit', 'silent'),
      sweepMs: 100,
    });
    relay.start();
    try {
      await vi.waitFor(() => expect(published).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // spaced by the whole sweep, it was 19 × 300 ms: a stall's sweep put the next minutes away.
      // The reads' own time counts, and a busy machine makes even these quick ones take ms (182 ms
      // seen in a full test run instead of 100): far below what the publication's wait would give.
      expect(relay.sweepInterval).toBeLessThan((19 * 300) / 2);
    } finally {
      await relay.stop();
    }
  });
});
