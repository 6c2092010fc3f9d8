import { DomainError } from '../core/domain-error';
import { systemClock } from '../core/events';
import { assertTimeLeft, trackWrite } from '../core/request-context';
import type { Versioned } from '../core/versioned';
import {
  type AggregateStore,
  type AggregateStoreOptions,
  appliedCommandsKept,
  type Changed,
  commandOf,
  type Decide,
  type Decision,
} from '../store/aggregate-store';
import { type AnyModel, type PendingEvent, type StoredEvent, storedEvents } from '../store/outbox';

export type MemoryAggregateStoreOptions<S extends Versioned> = Pick<
  AggregateStoreOptions<S>,
  'toDoc' | 'fromDoc' | 'projection' | 'clock' | 'missing'
> & {
  /** Fields kept unique besides `_id` (the schema's `unique: true`): a clash is a duplicate. */
  unique?: string[];
};

type Doc = Record<string, unknown> & { _id: string };
type Command = NonNullable<ReturnType<typeof commandOf>>;
type Entry = { doc: Doc; commands: Array<Command & { at: Date }>; outbox: StoredEvent[] };

/** A store of tests has no collection: a query on it belongs in the repository's in-memory twin. */
const noModel = new Proxy(
  {},
  {
    get(_, property) {
      if (typeof property === 'symbol' || property === 'then') return undefined;
      throw new Error(`the in-memory aggregate store has no mongoose model (asked for "${property}")`);
    },
  },
) as AnyModel;

/** A duplicate key, as the database would refuse it. */
const duplicateKey = (field: string) =>
  Object.assign(new Error(`E11000 duplicate key: ${field}`), { code: 11000 });

/**
 * The aggregate store of `createAggregateStore` kept in memory, for tests that run a service in
 * process: the same creates, changes, replays of keyed commands, refusals and version stamps
 * (the shared contract test holds both to them). A change reads, decides and writes without
 * yielding, so changes never race. Nothing is relayed: the events a write would publish stay in
 * memory, for the test to read (`published`, `outboxOf`).
 */
export function createMemoryAggregateStore<S extends Versioned>({
  toDoc,
  fromDoc,
  projection = {},
  clock = systemClock,
  missing = () => new DomainError('aggregate.missing'),
  unique = [],
}: MemoryAggregateStoreOptions<S>) {
  const entries = new Map<string, Entry>();
  const published: StoredEvent[] = [];
  // stored and read as copies, like documents: a state a caller holds is never the stored one
  const read = (doc: Doc) => {
    const copy: Record<string, unknown> = structuredClone(doc);
    for (const field of Object.keys(projection)) delete copy[field];
    return fromDoc(copy as never);
  };
  const eventsOf = (decision: Decision<S>, stamped: S) =>
    typeof decision.events === 'function' ? decision.events(stamped) : decision.events;
  const record = (entry: Entry, events: PendingEvent[]) => {
    const stored = storedEvents(events);
    entry.outbox.push(...stored);
    published.push(...stored);
  };
  const clash = (doc: Doc) => {
    if (entries.has(doc._id)) return '_id';
    return unique.find((field) => [...entries.values()].some((entry) => entry.doc[field] === doc[field]));
  };

  async function load(id: string): Promise<S | null> {
    const entry = entries.get(id);
    return entry ? read(entry.doc) : null;
  }

  async function create(
    state: S,
    events: PendingEvent[],
    onDuplicate: (error: unknown) => Error,
  ): Promise<Changed<S>> {
    const command = commandOf();
    const doc = structuredClone(toDoc(state));
    assertTimeLeft();
    const field = clash(doc);
    if (field) {
      const existing = entries.get(doc._id);
      const applied = command && existing?.commands.find((entry) => entry.key === command.key);
      if (applied && applied.fingerprint !== command.fingerprint) throw new DomainError('command.key-reused');
      if (applied && existing) return { state: read(existing.doc), replayed: true };
      throw onDuplicate(duplicateKey(field));
    }
    await trackWrite(async () => {
      const entry: Entry = { doc, commands: command ? [{ ...command, at: clock() }] : [], outbox: [] };
      entries.set(doc._id, entry);
      record(entry, events);
    });
    return { state, replayed: false };
  }

  async function change(id: string, decide: Decide<S>): Promise<Changed<S> | null> {
    const command = commandOf();
    const entry = entries.get(id);
    if (!entry) return null;
    const current = read(entry.doc);
    if (command) {
      const seen = entry.commands.find((applied) => applied.key === command.key);
      if (seen && seen.fingerprint !== command.fingerprint) throw new DomainError('command.key-reused');
      if (seen) return { state: current, replayed: true };
    }
    const decision = decide(current);
    // a decision that changes nothing writes nothing
    if (decision.next === current && Array.isArray(decision.events) && decision.events.length === 0)
      return { state: current, replayed: false };
    const stamped = { ...decision.next, version: current.version + 1, updatedAt: clock() };
    const { _id, ...fields } = structuredClone(toDoc(stamped));
    assertTimeLeft();
    const events = eventsOf(decision, stamped);
    // written before anything yields: no other change comes between the read and this write
    await trackWrite(async () => {
      entry.doc = { ...entry.doc, ...fields };
      if (command)
        entry.commands = [...entry.commands, { ...command, at: clock() }].slice(-appliedCommandsKept);
      record(entry, events);
    });
    return { state: stamped, replayed: false };
  }

  const store: AggregateStore<S> = {
    model: noModel,
    load,
    create,
    change,
    async republishAll(eventsOf: (state: S) => PendingEvent[]) {
      let queued = 0;
      for (const id of [...entries.keys()]) {
        const changed = await change(id, (current) => ({
          next: { ...current },
          events: (stamped) => eventsOf(stamped),
        }));
        if (changed) queued += 1;
      }
      return queued;
    },
    async update(id, mutate, events) {
      const changed = await change(id, (current) => ({
        next: mutate(current),
        events: (stamped) => events(stamped, current),
      }));
      if (!changed) throw missing();
      return changed.state;
    },
  };

  return {
    ...store,
    /** Every aggregate as it now stands, in the order they were created. */
    all: (): S[] => [...entries.values()].map((entry) => read(entry.doc)),
    /** Every event the writes would have published, oldest first. */
    published: (): StoredEvent[] => [...published],
    /** The events of one aggregate's writes, oldest first (its outbox, which nothing relays here). */
    outboxOf: (id: string): StoredEvent[] => [...(entries.get(id)?.outbox ?? [])],
    /** Deletes an aggregate, as a repository's own `deleteOne` would (answers whether it was there). */
    remove: (id: string): boolean => entries.delete(id),
  };
}

export type MemoryAggregateStore<S extends Versioned> = ReturnType<typeof createMemoryAggregateStore<S>>;
