import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../core/domain-error';
import { runWithContext } from '../core/request-context';
import { type AggregateStore, idForCommand } from '../store/aggregate-store';
import { type Counter, counterIncremented } from './counter-store';

/** A counter store to hold to the contract, and what a test reads of it beside the store. */
export type CounterWorld = {
  store: AggregateStore<Counter>;
  /** The aggregate as stored (not through the store's `load`). */
  stored: (id: string) => Promise<{ value: number; version: number } | null>;
  /** The events stored with its writes, oldest first (nothing relays them in these tests). */
  events: (id: string) => Promise<Array<{ type: string; data: unknown }>>;
  close: () => Promise<void>;
};

const increment = (current: Counter) => ({
  next: { ...current, value: current.value + 1 },
  events: (stamped: Counter) => [counterIncremented(stamped.id, stamped.value)],
});

/**
 * What every aggregate store does, whatever holds its documents: the one test of both the
 * Mongo store and the in-memory one, so a route test on the latter sees the store a service runs.
 */
export function describeAggregateStoreContract(name: string, open: () => Promise<CounterWorld>) {
  describe(`${name}: the aggregate store's contract`, () => {
    let world: CounterWorld;
    beforeAll(async () => {
      world = await open();
    });
    afterAll(() => world?.close());

    const newCounter = async (id = randomUUID()) => {
      const now = new Date();
      const counter: Counter = { id, value: 0, version: 1, createdAt: now, updatedAt: now };
      await world.store.create(counter, [counterIncremented(id, 0)], () => new Error('duplicate'));
      return id;
    };

    it('stamps version and time and stores the events with the change', async () => {
      const id = await newCounter();
      const before = (await world.store.load(id))!;
      const changed = await world.store.change(id, increment);
      expect(changed).toMatchObject({ replayed: false, state: { value: 1, version: 2 } });
      expect(changed!.state.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
      expect(await world.stored(id)).toMatchObject({ value: 1, version: 2 });
      expect(await world.events(id)).toHaveLength(2);
      expect(await world.store.change(randomUUID(), increment)).toBeNull();
    });

    it('writes a decision without events, and nothing for one that keeps the state', async () => {
      const id = await newCounter();
      const quiet = await world.store.change(id, (current) => ({
        next: { ...current, value: 10 },
        events: [],
      }));
      expect(quiet).toMatchObject({ replayed: false, state: { value: 10, version: 2 } });
      const same = await world.store.change(id, (current) => ({ next: current, events: [] }));
      expect(same).toMatchObject({ replayed: false, state: { value: 10, version: 2 } });
      expect(await world.stored(id)).toMatchObject({ value: 10, version: 2 });
      expect(await world.events(id)).toHaveLength(1);
    });

    it('answers a copy: changing what it answered changes nothing stored', async () => {
      const id = await newCounter();
      const loaded = (await world.store.load(id))!;
      loaded.value = 99;
      expect(await world.store.load(id)).toMatchObject({ value: 0, version: 1 });
    });

    it('applies a keyed command once: its retry answers the state without deciding again', async () => {
      const id = await newCounter();
      const command = {
        requestId: 'r1',
        idempotencyKey: 'key-0001-abcd',
        actor: 'u1',
        fingerprint: 'PUT /x {}',
      };
      let decisions = 0;
      const keyed = (current: Counter) => {
        decisions += 1;
        return increment(current);
      };
      const first = await runWithContext({ ...command }, () => world.store.change(id, keyed));
      const retry = await runWithContext({ ...command }, () => world.store.change(id, keyed));
      expect(first).toMatchObject({ replayed: false, state: { value: 1 } });
      expect(retry).toMatchObject({ replayed: true, state: { value: 1, version: 2 } });
      expect(decisions).toBe(1);
      expect(await world.events(id)).toHaveLength(2);

      const otherUser = await runWithContext({ ...command, actor: 'u2' }, () =>
        world.store.change(id, keyed),
      );
      expect(otherUser).toMatchObject({ replayed: false, state: { value: 2 } });
      await expect(
        runWithContext({ ...command, fingerprint: 'PUT /x {"other":1}' }, () =>
          world.store.change(id, keyed),
        ),
      ).rejects.toMatchObject({ reason: 'command.key-reused' });
    });

    it('creates once for a keyed command: the retry finds what the first attempt created', async () => {
      const command = {
        requestId: 'r2',
        idempotencyKey: 'create-key-0002',
        actor: 'u1',
        fingerprint: 'POST /c',
      };
      const create = (fingerprint = command.fingerprint) =>
        runWithContext({ ...command, fingerprint }, async () => {
          const id = idForCommand(() => randomUUID(), 'counter');
          const now = new Date();
          return world.store.create(
            { id, value: 7, version: 1, createdAt: now, updatedAt: now },
            [counterIncremented(id, 7)],
            () => new DomainError('counter.exists'),
          );
        });
      const first = await create();
      const retry = await create();
      expect(first.replayed).toBe(false);
      expect(retry).toMatchObject({ replayed: true, state: { id: first.state.id, value: 7 } });
      expect(await world.events(first.state.id)).toHaveLength(1);
      await expect(create('POST /c {"other":1}')).rejects.toMatchObject({ reason: 'command.key-reused' });
      const unkeyed = await newCounter(randomUUID());
      await expect(
        world.store.create(
          { id: unkeyed, value: 1, version: 1, createdAt: new Date(), updatedAt: new Date() },
          [],
          () => new DomainError('counter.exists'),
        ),
      ).rejects.toMatchObject({ reason: 'counter.exists' });
    });

    it('updates by a pure mutation, and names a missing aggregate with its own error', async () => {
      const id = await newCounter();
      const updated = await world.store.update(
        id,
        (current) => ({ ...current, value: current.value + 5 }),
        (stamped, before) => [counterIncremented(stamped.id, stamped.value - before.value)],
      );
      expect(updated).toMatchObject({ value: 5, version: 2 });
      expect((await world.events(id)).at(-1)).toMatchObject({
        type: 'counter.incremented',
        data: { value: 5 },
      });
      await expect(
        world.store.update(
          randomUUID(),
          (current) => current,
          () => [],
        ),
      ).rejects.toMatchObject({
        reason: 'aggregate.missing',
      });
    });

    it("republishes every aggregate's current state through the outbox, with a newer version", async () => {
      const id = await newCounter();
      await world.store.change(id, increment);
      const before = await world.stored(id);
      const queued = await world.store.republishAll((counter) => [
        counterIncremented(counter.id, counter.value),
      ]);
      expect(queued).toBeGreaterThanOrEqual(1);
      expect(await world.stored(id)).toMatchObject({ value: 1, version: (before?.version ?? 0) + 1 });
      expect((await world.events(id)).at(-1)).toMatchObject({
        type: 'counter.incremented',
        data: { value: 1 },
      });
    });

    it('writes nothing once the caller has stopped waiting', async () => {
      const id = await newCounter();
      await expect(
        runWithContext({ requestId: 'late', deadline: Date.now() - 1 }, () =>
          world.store.change(id, increment),
        ),
      ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await expect(
        runWithContext({ requestId: 'late', deadline: Date.now() - 1 }, () => newCounter()),
      ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(await world.stored(id)).toMatchObject({ value: 0, version: 1 });
    });

    it('loses and doubles no change when several change one aggregate at once', async () => {
      const id = await newCounter();
      await Promise.all(Array.from({ length: 8 }, () => world.store.change(id, increment)));
      expect(await world.stored(id)).toMatchObject({ value: 8, version: 9 });
      const values = (await world.events(id)).map((event) => (event.data as { value: number }).value);
      expect(values.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    });
  });
}
