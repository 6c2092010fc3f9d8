import { createHash } from 'node:crypto';
import { DomainError } from '../core/domain-error';
import { type Clock, systemClock } from '../core/events';
import { assertTimeLeft, currentContext, trackWrite } from '../core/request-context';
import type { Versioned } from '../core/versioned';
import { isDatabaseUnavailable, isDuplicateKeyError } from './mongo';
import {
  type AnyModel,
  type OutboxRelay,
  outboxSchemaFields,
  type PendingEvent,
  storedEvents,
  withEvents,
  withInitialEvents,
} from './outbox';
import { documentKey, type WriteGuard, writeFilter, writeGuardFor } from './write-guard';

/** The outcome of a decision: the next state and the events it implies. */
export type Decision<S> = {
  next: S;
  /** The events, or a function of the stamped next state (new version and `updatedAt`). */
  events: PendingEvent[] | ((stamped: S) => PendingEvent[]);
};

/** A pure decision on the current state; it throws a DomainError when a rule says no. */
export type Decide<S> = (current: S) => Decision<S>;

/** What a change answers: the state after it, and whether it was a retry of an applied command. */
export type Changed<S> = { state: S; replayed: boolean };

/** A command already applied to an aggregate, by idempotency key (the last few are kept). */
type AppliedCommand = { key: string; fingerprint: string; at: Date };

export const appliedCommandsKept = 20;

/** Fields the store adds to every aggregate document, beside the outbox's. */
export const commandLogFields = { _commands: { type: [Object], default: [] } } as const;

/** The schema fields of every stored aggregate: version, timestamps, outbox and applied commands. */
export const aggregateSchemaFields = {
  version: { type: Number, required: true },
  createdAt: { type: Date, required: true },
  updatedAt: { type: Date, required: true },
  ...outboxSchemaFields,
  ...commandLogFields,
} as const;

export type AggregateStoreOptions<S extends Versioned> = {
  model: AnyModel;
  /** The document of a state (with its `_id`), without the outbox or command fields. */
  toDoc: (state: S) => Record<string, unknown> & { _id: string };
  /** The state of a document read with `projection`. */
  fromDoc: (doc: never) => S;
  /** Read projection: leaves out the outbox and whatever else the state does not hold. */
  projection?: Record<string, 0>;
  /**
   * Told about every document it wrote (the store notifies it itself), with the document's whole
   * outbox when the store knows it: the relay then need not read the document.
   */
  relay: Pick<OutboxRelay, 'notify'>;
  guard: WriteGuard;
  clock?: Clock;
  /** How often a change is tried again when another writer changed the aggregate meanwhile. */
  attempts?: number;
  /** What `update` throws for an id with no aggregate (a DomainError of the service's own). */
  missing?: () => Error;
};

const outboxFields = { _outbox: 0, _outboxCount: 0, _outboxPending: 0 } as const;
/** What a change reads of the outbox: how many events wait in it (not the events). */
const outboxCountOnly = { _outbox: 0, _outboxPending: 0 } as const;
/** A read projection that leaves out what the store keeps beside the state. */
export const withoutStoreFields = { ...outboxFields, _commands: 0 } as const;

/** The caller's command key, scoped to the caller, and what the command was. */
export function commandOf(): { key: string; fingerprint: string } | undefined {
  const context = currentContext();
  if (!context?.idempotencyKey) return undefined;
  return {
    key: `${context.actor ?? 'anonymous'}:${context.idempotencyKey}`,
    fingerprint: context.fingerprint ?? '',
  };
}

/**
 * A stable id for an aggregate created by an idempotent command: a retry of the same
 * command creates (and finds) the same id. Without a key, a random id.
 */
export function idForCommand(fallback: () => string, scope = ''): string {
  const command = commandOf();
  if (!command) return fallback();
  const hex = createHash('sha256').update(`${scope}:${command.key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The one way aggregates are stored (emmett's shape, on state-stored documents):
 * - `create` inserts a new aggregate with its first events;
 * - `change` reads it, lets a pure `decide` compute the next state and its events, stamps
 *   version and `updatedAt`, and writes state and events in one document update that only
 *   succeeds if the stored version is still the one read. Another writer's change in between
 *   makes it read and decide again (a few times, then `aggregate.contended`).
 * Either way the outbox entry is part of the same write and the relay is notified by the
 * store. A command carrying an idempotency key is recorded in the document with the change;
 * its retry answers the state as it is, without deciding again (`replayed`). Nothing is
 * written once the caller's deadline has passed, and a decision that returns the current
 * state itself with no events writes nothing. The write guard (WriteGuard) keeps writers
 * of every process apart where the database needs it; where it does (leases on FerretDB), the
 * version read cannot change before the write, which then goes by `_id` alone (`writeFilter`).
 */
export function createAggregateStore<S extends Versioned>({
  model,
  toDoc,
  fromDoc,
  projection = {},
  relay,
  guard,
  clock = systemClock,
  attempts = 5,
  missing = () => new DomainError('aggregate.missing'),
}: AggregateStoreOptions<S>) {
  const readProjection = { ...outboxFields, _commands: 0, ...projection };
  /** For a change: the state, the applied commands and the number of events still waiting. */
  const changeProjection = { ...outboxCountOnly, ...projection };
  const lockKey = (id: string) => documentKey(model, id);
  const read = (doc: unknown) => fromDoc(doc as never);
  const eventsOf = (decision: Decision<S>, stamped: S) =>
    typeof decision.events === 'function' ? decision.events(stamped) : decision.events;

  async function appliedCommand(id: string, command: { key: string; fingerprint: string }) {
    const doc = (await model.findById(id, { _commands: 1 }).lean()) as {
      _commands?: AppliedCommand[];
    } | null;
    const applied = doc?._commands?.find((entry) => entry.key === command.key);
    if (applied && applied.fingerprint !== command.fingerprint) throw new DomainError('command.key-reused');
    return applied;
  }

  return {
    model,

    async load(id: string): Promise<S | null> {
      const doc = await model.findById(id, readProjection).lean();
      return doc ? read(doc) : null;
    },

    /**
     * Inserts a new aggregate (its version and timestamps are the caller's) with its events.
     * A retry of the same command finds the aggregate it created and answers it (replayed);
     * any other unique-key clash is given to `onDuplicate`.
     */
    async create(
      state: S,
      events: PendingEvent[],
      onDuplicate: (error: unknown) => Error,
    ): Promise<Changed<S>> {
      const command = commandOf();
      const doc = toDoc(state);
      const outbox = storedEvents(events);
      assertTimeLeft();
      try {
        await trackWrite(
          () =>
            model.create({
              ...doc,
              ...withInitialEvents(events),
              _commands: command ? [{ ...command, at: clock() }] : [],
            }),
          isDatabaseUnavailable,
        );
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        if (command && (await appliedCommand(doc._id, command))) {
          const existing = await this.load(doc._id);
          if (existing) return { state: existing, replayed: true };
        }
        throw onDuplicate(error);
      }
      // a new document's outbox is what it was created with
      relay.notify(model, doc._id, outbox);
      return { state, replayed: false };
    },

    /** Changes an existing aggregate; null when there is none. */
    async change(id: string, decide: Decide<S>): Promise<Changed<S> | null> {
      const command = commandOf();
      for (let attempt = 1; attempt <= attempts; attempt++) {
        const outcome = await guard.run(lockKey(id), async () => {
          const doc = (await model.findById(id, changeProjection).lean()) as
            | ({ _commands?: AppliedCommand[] } & Record<string, unknown>)
            | null;
          if (!doc) return { kind: 'missing' as const };
          const { _commands: applied = [], _outboxCount: waiting, ...fields } = doc;
          const current = read(fields);
          if (command) {
            const seen = applied.find((entry) => entry.key === command.key);
            if (seen && seen.fingerprint !== command.fingerprint) throw new DomainError('command.key-reused');
            if (seen) return { kind: 'done' as const, changed: { state: current, replayed: true } };
          }
          const decision = decide(current);
          // a decision that changes nothing writes nothing
          if (decision.next === current && Array.isArray(decision.events) && decision.events.length === 0)
            return { kind: 'done' as const, changed: { state: current, replayed: false } };
          const stamped = { ...decision.next, version: current.version + 1, updatedAt: clock() };
          const { _id, ...stored } = toDoc(stamped);
          const commands = command
            ? { _commands: [...applied, { ...command, at: clock() }].slice(-appliedCommandsKept) }
            : {};
          const update = { $set: { ...stored, ...commands } };
          // the caller is still waiting: after this point the write may be applied
          assertTimeLeft();
          const events = eventsOf(decision, stamped);
          const result = await trackWrite(
            async () =>
              model
                .updateOne(writeFilter(guard, id, { version: current.version }), withEvents(update, events))
                .exec(),
            isDatabaseUnavailable,
          );
          if (result.modifiedCount !== 1) return { kind: 'raced' as const };
          // Told before the guard lets go, so the events leave while it does. The outbox read
          // empty, and this write was the only one since (the guard, or the version), so it
          // now holds exactly these events; with older ones waiting the relay reads it.
          relay.notify(model, id, waiting === 0 ? storedEvents(events) : undefined);
          return { kind: 'done' as const, changed: { state: stamped, replayed: false } };
        });
        if (outcome.kind === 'missing') return null;
        if (outcome.kind === 'done') return outcome.changed;
      }
      throw new DomainError('aggregate.contended');
    },

    /**
     * Rebuilds the aggregate's topic from its data: every aggregate states its current state
     * again (a change that keeps the state, with the events `eventsOf` gives for it), through the
     * outbox like any change and behind the same guard, so a topic lost with a broker's volume, or
     * a database restored from a backup, is made whole. Answers how many were queued.
     */
    async republishAll(eventsOf: (state: S) => PendingEvent[]): Promise<number> {
      let queued = 0;
      for await (const doc of model.find({}, { _id: 1 }).lean().cursor()) {
        const id = String((doc as { _id: unknown })._id);
        const changed = await this.change(id, (current) => {
          const again = { ...current };
          return { next: again, events: (stamped) => eventsOf(stamped) };
        });
        if (changed) queued += 1;
      }
      return queued;
    },

    /**
     * The common change: a pure `mutate` of the state, and the events that follow from the
     * stamped result. Throws `missing()` when there is no such aggregate; answers the new state.
     */
    async update(
      id: string,
      mutate: (current: S) => S,
      events: (stamped: S, before: S) => PendingEvent[],
    ): Promise<S> {
      const changed = await this.change(id, (current) => ({
        next: mutate(current),
        events: (stamped) => events(stamped, current),
      }));
      if (!changed) throw missing();
      return changed.state;
    },
  };
}

export type AggregateStore<S extends Versioned> = ReturnType<typeof createAggregateStore<S>>;

/**
 * Aggregate stores for a command-line tool that writes while the service runs: the same guard
 * as the service (so they take turns with it), and no relay of their own: the running
 * service's relay publishes what they put in the outboxes (its sweep finds them).
 */
export async function offlineAggregateStores(connection: Parameters<typeof writeGuardFor>[0]) {
  const guard = await writeGuardFor(connection);
  return <S extends Versioned>(options: Omit<AggregateStoreOptions<S>, 'relay' | 'guard'>) =>
    createAggregateStore<S>({ ...options, guard, relay: { notify: () => undefined } });
}
