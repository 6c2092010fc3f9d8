import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { uniqueName } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { idForCommand } from './aggregate-store';
import { DomainError } from './domain-error';
import { runWithContext } from './request-context';
import { type Counter, counterIncremented, createCounterStore } from './testing/counter-store';

const run = promisify(execFile);
const writer = fileURLToPath(new URL('./testing/store-writer.ts', import.meta.url));

const increment = (current: Counter) => ({
  next: { ...current, value: current.value + 1 },
  events: (stamped: Counter) => [counterIncremented(stamped.id, stamped.value)],
});

describe('the aggregate store', () => {
  const dbName = uniqueName('store');
  const notified: string[] = [];
  /** What the relay was told of each document's outbox, in order (undefined: not known). */
  const outboxes = new Map<string, (readonly unknown[] | undefined)[]>();
  let world: Awaited<ReturnType<typeof createCounterStore>>;

  beforeAll(async () => {
    world = await createCounterStore(
      inject('infra').mongoUrl,
      dbName,
      (_model: unknown, id: unknown, outbox?: readonly unknown[]) => {
        notified.push(String(id));
        outboxes.set(String(id), [...(outboxes.get(String(id)) ?? []), outbox]);
      },
    );
  });
  afterAll(async () => {
    await world.connection.dropDatabase();
    await world.close();
  });

  const newCounter = async (id = randomUUID()) => {
    const now = new Date();
    const counter: Counter = { id, value: 0, version: 1, createdAt: now, updatedAt: now };
    await world.store.create(counter, [counterIncremented(id, 0)], () => new Error('duplicate'));
    return id;
  };
  const stored = (id: string) =>
    world.model.findById(id).lean() as Promise<{ value: number; version: number; _outbox: unknown[] } | null>;

  it('stamps version and time, stores the events with the change and notifies the relay', async () => {
    const id = await newCounter();
    const before = (await world.store.load(id))!;
    const changed = await world.store.change(id, increment);
    expect(changed).toMatchObject({ replayed: false, state: { value: 1, version: 2 } });
    expect(changed!.state.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    const doc = await stored(id);
    expect(doc).toMatchObject({ value: 1, version: 2 });
    expect(doc?._outbox).toHaveLength(2);
    expect(notified.filter((entry) => entry === id)).toHaveLength(2);
    expect(await world.store.change(randomUUID(), increment)).toBeNull();
  });

  it("tells the relay the document's outbox when nothing else waited in it, so it need not read it", async () => {
    const id = await newCounter();
    // the first event still waits (nobody relays here): the relay must read the document
    await world.store.change(id, increment);
    // the relay took both out: the outbox is empty again
    await world.model.updateOne(
      { _id: id },
      { $set: { _outbox: [], _outboxCount: 0, _outboxPending: false } },
    );
    await world.store.change(id, increment);
    // a change with no events leaves nothing for the relay
    await world.model.updateOne(
      { _id: id },
      { $set: { _outbox: [], _outboxCount: 0, _outboxPending: false } },
    );
    await world.store.change(id, (current) => ({ next: { ...current, value: 10 }, events: [] }));

    const told = outboxes.get(id)!;
    const stored = (await world.model.findById(id).lean()) as { version: number } | null;
    expect(told).toHaveLength(4);
    expect(told[0]).toEqual([expect.objectContaining({ type: 'counter.incremented', data: { value: 0 } })]);
    expect(told[1]).toBeUndefined();
    expect(told[2]).toEqual([expect.objectContaining({ type: 'counter.incremented', data: { value: 2 } })]);
    expect(told[3]).toEqual([]);
    expect(stored?.version).toBe(4);
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
    expect((await stored(id))?._outbox).toHaveLength(2);

    const otherUser = await runWithContext({ ...command, actor: 'u2' }, () => world.store.change(id, keyed));
    expect(otherUser).toMatchObject({ replayed: false, state: { value: 2 } });
    await expect(
      runWithContext({ ...command, fingerprint: 'PUT /x {"other":1}' }, () => world.store.change(id, keyed)),
    ).rejects.toMatchObject({ reason: 'command.key-reused' });
  });

  it('creates once for a keyed command: the retry finds what the first attempt created', async () => {
    const command = {
      requestId: 'r2',
      idempotencyKey: 'create-key-0002',
      actor: 'u1',
      fingerprint: 'POST /c',
    };
    const create = () =>
      runWithContext({ ...command }, async () => {
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
    expect((await stored(first.state.id))?._outbox).toHaveLength(1);
    const unkeyed = await newCounter(randomUUID());
    await expect(
      world.store.create(
        { id: unkeyed, value: 1, version: 1, createdAt: new Date(), updatedAt: new Date() },
        [],
        () => new DomainError('counter.exists'),
      ),
    ).rejects.toMatchObject({ reason: 'counter.exists' });
  });

  it("republishes every aggregate's current state through the outbox, with a newer version", async () => {
    const id = await newCounter();
    await world.store.change(id, increment);
    const before = await stored(id);
    const queued = await world.store.republishAll((counter) => [
      counterIncremented(counter.id, counter.value),
    ]);
    expect(queued).toBeGreaterThanOrEqual(1);
    const after = await stored(id);
    expect(after).toMatchObject({ value: 1, version: (before?.version ?? 0) + 1 });
    expect(after?._outbox.at(-1)).toMatchObject({ type: 'counter.incremented', data: { value: 1 } });
  });

  it('writes nothing once the caller has stopped waiting', async () => {
    const id = await newCounter();
    await expect(
      runWithContext({ requestId: 'late', deadline: Date.now() - 1 }, () =>
        world.store.change(id, increment),
      ),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await stored(id)).toMatchObject({ value: 0, version: 1 });
  });

  it('keeps two processes writing one aggregate from losing or doubling a change', async () => {
    const id = await newCounter();
    const perProcess = 40;
    const outputs = await Promise.all(
      [1, 2].map(() =>
        run(
          process.execPath,
          ['--import', 'tsx', writer, inject('infra').mongoUrl, dbName, id, String(perProcess), '4'],
          {
            timeout: 120000,
          },
        ),
      ),
    );
    expect(outputs.map((output) => output.stdout.trim())).toEqual(['done', 'done']);
    const doc = await stored(id);
    expect(doc?.value).toBe(2 * perProcess);
    expect(doc?.version).toBe(1 + 2 * perProcess);
    const outbox = (doc?._outbox ?? []) as Array<{ data: { value: number } }>;
    const values = outbox.map((event) => event.data.value);
    expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 2 * perProcess + 1 }, (_, i) => i));
  }, 180000);
});
