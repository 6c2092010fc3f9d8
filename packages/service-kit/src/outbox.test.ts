import type { Producer } from 'kafkajs';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';
import { type AnyModel, OutboxRelay, withEvents, withInitialEvents } from './outbox';
import { currentContext, runWithContext } from './request-context';

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
