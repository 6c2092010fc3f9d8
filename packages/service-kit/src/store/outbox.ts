import type { EventMeta } from '@meritmatch/contracts';
import type { Producer } from 'kafkajs';
import { type Model, Schema, type UpdateQuery } from 'mongoose';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Logger } from '../core/logger';
import { outboxPublished, registerOutboxStats } from '../core/metrics';
import { currentContext, outsideRequest } from '../core/request-context';
import { documentKey, isExclusive, versionGuardOnly, type WriteGuard } from './write-guard';

/**
 * The outbox without transactions (FerretDB has none): pending events live in the
 * aggregate's own document and are written by the same single-document update that
 * changes it, so a change and its events are stored together or not at all.
 *
 * The relay publishes a document's events in order, keyed by aggregate id, then removes
 * exactly those it sent. Writers tell the relay which document they changed (`notify`),
 * so events usually leave within milliseconds; a writer that knows the document's whole outbox
 * after its write says so too, and the relay publishes it without reading the document first
 * (an empty one needs no work at all). A periodic sweep for `_outboxPending`
 * documents picks up whatever a crash or a broker outage left behind (every 5 s, or less often
 * when its reads take long: see `sweepDelay`). Lookups go by `_id`
 * because FerretDB on SQLite pushes no other filter down to its storage.
 */
export type PendingEvent = EventMeta & { data: unknown };

/** A stored event: the envelope, plus the id of the request that caused it (sent as a header, not in the value). */
export type StoredEvent = PendingEvent & { _requestId?: string };

/**
 * The events as the outbox stores them: tagged with the current request id, so that consumers
 * log the same id. A writer that tells the relay what it wrote (`notify`) gives them in this form.
 */
export const storedEvents = (events: PendingEvent[]): StoredEvent[] => {
  const requestId = currentContext()?.requestId;
  return requestId ? events.map((event) => ({ ...event, _requestId: requestId })) : events;
};

export const outboxSchemaFields = {
  _outbox: { type: [Schema.Types.Mixed], default: [] },
  _outboxCount: { type: Number, default: 0 },
  _outboxPending: { type: Boolean, default: false, index: true },
} as const;

/** Fields for a new document that starts with these pending events. */
export const withInitialEvents = (events: PendingEvent[]) => ({
  _outbox: storedEvents(events),
  _outboxCount: events.length,
  _outboxPending: events.length > 0,
});

/** Adds the events to an update of the aggregate, in the same atomic write. */
// biome-ignore lint/suspicious/noExplicitAny: updates of any aggregate
export function withEvents(update: UpdateQuery<any>, events: PendingEvent[]): UpdateQuery<any> {
  if (events.length === 0) return update;
  const push = (update.$push ?? {}) as Record<string, unknown>;
  const inc = (update.$inc ?? {}) as Record<string, number>;
  const set = (update.$set ?? {}) as Record<string, unknown>;
  return {
    ...update,
    $set: { ...set, _outboxPending: true },
    $push: { ...push, _outbox: { $each: storedEvents(events) } },
    $inc: { ...inc, _outboxCount: events.length },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: one relay serves models of any document shape
export type AnyModel = Model<any, any, any, any, any, any>;

export type OutboxSource = {
  model: AnyModel;
  topic: string;
};

export type OutboxRelayOptions = {
  sources: OutboxSource[];
  producer: Producer;
  logger: Logger;
  /** Keeps the relay's removal of published events apart from other writers of the document. */
  guard?: WriteGuard;
  /** How often to look for pending events nobody notified about (crash or outage leftovers). */
  sweepMs?: number;
  /**
   * The most of the time the sweep may take: a longer sweep waits that much longer for the next
   * (default 0.05, one twentieth). FerretDB on SQLite reads and decodes the whole collection
   * for the sweep's filter, so its cost grows with the collection, not with the backlog.
   */
  sweepShare?: number;
  batchSize?: number;
  /**
   * How many documents the relay publishes at once (default 4). Each publication reads and
   * writes the document (and takes its lease on FerretDB): unbounded, the backlog a broker
   * stall leaves behind was sent all at once after the thaw, and its hundreds of database
   * operations held the connection pool and the database's write lock for seconds, while the
   * requests of users waited behind them (broker-stall-writes.fault.test.ts). Bounded, the
   * relay uses a few of the pool's connections, and a request waits behind a few writes at most.
   */
  concurrency?: number;
};

/** How many documents a relay publishes at once unless told otherwise. */
export const defaultRelayConcurrency = 4;

type OutboxDoc = { _id: unknown; _outbox: StoredEvent[] };

export class OutboxRelay {
  private readonly sweepMs: number;
  private readonly sweepShare: number;
  private readonly batchSize: number;
  /** The wait before the next sweep, after the last one (ms). */
  private nextSweepMs: number;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly dirty = new Set<string>();
  private readonly failed = new Map<string, { source: OutboxSource; id: unknown }>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = true;
  /** Stopped after running: documents still waiting for their turn are left for the next process. */
  private halted = false;
  /** Documents known to hold unpublished events, with the time of their oldest one. */
  private readonly backlog = new Map<string, { collection: string; since: number }>();
  private unregisterStats: (() => void) | undefined;

  private readonly guard: WriteGuard;
  /** The documents being published, at most `concurrency` at a time; the others wait their turn here. */
  private readonly slots: LimitFunction;

  constructor(private readonly options: OutboxRelayOptions) {
    this.slots = pLimit(options.concurrency ?? defaultRelayConcurrency);
    this.sweepMs = options.sweepMs ?? 5000;
    this.sweepShare = options.sweepShare ?? 0.05;
    this.nextSweepMs = this.sweepMs;
    this.batchSize = options.batchSize ?? 200;
    this.guard = options.guard ?? versionGuardOnly();
  }

  /** Publishes the events of another collection too. */
  addSource(source: OutboxSource) {
    if (!this.options.sources.some((known) => known.model === source.model))
      this.options.sources.push(source);
  }

  start() {
    this.stopped = false;
    this.halted = false;
    this.unregisterStats = registerOutboxStats(() => this.stats());
    void this.sweep();
  }

  /** The backlog per collection: documents waiting and the age of the oldest waiting event. */
  stats() {
    const now = Date.now();
    return this.options.sources.map(({ model }) => {
      const collection = model.collection.collectionName;
      const waiting = [...this.backlog.values()].filter((entry) => entry.collection === collection);
      const oldest = Math.min(...waiting.map((entry) => entry.since));
      return {
        collection,
        pending: waiting.length,
        oldestAgeSeconds: waiting.length > 0 ? Math.max(0, (now - oldest) / 1000) : 0,
      };
    });
  }

  async stop() {
    this.stopped = true;
    this.halted = true;
    this.unregisterStats?.();
    clearTimeout(this.sweepTimer);
    clearTimeout(this.retryTimer);
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /**
   * Publishes the pending events of one document now (called right after the write). `outbox`
   * is the document's whole outbox as the write left it, when the writer knows it (it read an
   * empty outbox, and nobody could add to it before its write): the relay then sends it without
   * reading the document, and has nothing to do for an empty one. Unknown, it reads the document.
   */
  notify(model: OutboxSource['model'], id: unknown, outbox?: readonly StoredEvent[]) {
    const source = this.options.sources.find((candidate) => candidate.model === model);
    if (!source) throw new Error(`outbox relay has no source for model ${model.modelName}`);
    if (outbox?.length === 0) return;
    // publishing is not part of the request that wrote: it gets the background time limits
    void outsideRequest(() => this.drainDocument(source, id, outbox)).catch(() => undefined);
  }

  /** Publishes every pending event; answers how many were sent. For start-up and tests. */
  async drainAll(): Promise<number> {
    let total = 0;
    for (const source of this.options.sources) {
      for (;;) {
        const ids = await this.pendingIds(source);
        if (ids.length === 0) break;
        const counts = await Promise.all(ids.map((id) => this.drainDocument(source, id)));
        const sent = counts.reduce((sum, count) => sum + count, 0);
        total += sent;
        if (sent === 0) break;
      }
    }
    return total;
  }

  private keyOf(source: OutboxSource, id: unknown) {
    return `${source.model.collection.collectionName}/${String(id)}`;
  }

  /**
   * One drain per document at a time, so its events leave in order and only once. The outbox a
   * writer told of is used for the first round only; a document changed meanwhile is read.
   */
  private async drainDocument(
    source: OutboxSource,
    id: unknown,
    written?: readonly StoredEvent[],
  ): Promise<number> {
    const key = this.keyOf(source, id);
    const running = this.inFlight.get(key);
    if (running) {
      this.dirty.add(key);
      await running.catch(() => undefined);
      return 0;
    }
    let sent = 0;
    const work = this.slots(async () => {
      // a document that waited its turn past the relay's stop stays stored for the next process
      if (this.halted) return;
      let known = written;
      do {
        // A notice that came while this drain waited its turn may be of events after the known
        // outbox: it stays, and the document is read once the known events are out (cleared, it
        // left them for the sweep, which a broker stall's slow sweep put minutes away).
        if (!known) this.dirty.delete(key);
        sent += await this.publishDocument(source, id, known);
        known = undefined;
      } while (this.dirty.has(key) && !this.stopped);
    });
    this.inFlight.set(key, work);
    try {
      await work;
      this.failed.delete(key);
      if (this.failures > 0) {
        this.failures = 0;
        this.options.logger.info('outbox relay publishing again');
      }
      return sent;
    } catch (error) {
      this.failed.set(key, { source, id });
      this.onFailure(error);
      throw error;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async publishDocument(
    source: OutboxSource,
    id: unknown,
    known?: readonly StoredEvent[],
  ): Promise<number> {
    const { model, topic } = source;
    const key = this.keyOf(source, id);
    const events = known ?? (await this.readOutbox(model, id));
    if (!events) {
      this.backlog.delete(key);
      return 0;
    }
    if (events.length > 0) {
      const since = Math.min(...events.map((event) => Date.parse(event.occurredAt)));
      const known = this.backlog.get(key);
      if (!known || known.since > since)
        this.backlog.set(key, { collection: model.collection.collectionName, since });
      await this.options.producer.send({
        topic,
        acks: -1,
        messages: events.map(({ _requestId, ...event }) => ({
          key: event.aggregateId,
          value: JSON.stringify(event),
          headers: {
            'event-type': event.type,
            'event-id': event.id,
            ...(_requestId ? { 'request-id': _requestId } : {}),
          },
        })),
      });
      outboxPublished().inc({ topic }, events.length);
    }
    // kept apart from other writers of this document (FerretDB has no isolation)
    await this.guard.run(documentKey(model, id), () => this.removePublished(model, id, events));
    this.backlog.delete(key);
    return events.length;
  }

  /** The document's outbox; null when there is no such document. */
  private async readOutbox(model: AnyModel, id: unknown): Promise<readonly StoredEvent[] | null> {
    const doc = (await model.findById(id, { _outbox: 1 }).lean()) as unknown as OutboxDoc | null;
    return doc ? (doc._outbox ?? []) : null;
  }

  /**
   * Takes the published events out of the document's outbox; the pending mark goes once it is
   * empty. With an exclusive guard nobody writes meanwhile: the outbox is read and written back
   * by `_id` (two operations FerretDB on SQLite does by its key). Otherwise (MongoDB) the events
   * are pulled, and the mark cleared only if no writer added one since (the count is still 0).
   */
  private async removePublished(model: AnyModel, id: unknown, events: readonly StoredEvent[]) {
    if (isExclusive(this.guard)) {
      const doc = (await model.findById(id, { _outbox: 1 }).lean()) as OutboxDoc | null;
      if (!doc) return;
      const sent = new Set(events.map((event) => event.id));
      const left = (doc._outbox ?? []).filter((event) => !sent.has(event.id));
      await model.updateOne(
        { _id: id },
        { $set: { _outbox: left, _outboxCount: left.length, _outboxPending: left.length > 0 } },
      );
      return;
    }
    if (events.length > 0) {
      await model.updateOne(
        { _id: id },
        { $pullAll: { _outbox: events }, $inc: { _outboxCount: -events.length } },
      );
    }
    await model.updateOne({ _id: id, _outboxCount: 0 }, { $set: { _outboxPending: false } });
  }

  private async pendingIds(source: OutboxSource): Promise<unknown[]> {
    const started = performance.now();
    try {
      const docs = await source.model.find({ _outboxPending: true }, { _id: 1 }).limit(this.batchSize).lean();
      return docs.map((doc: { _id: unknown }) => doc._id);
    } finally {
      this.sweepReadMs += performance.now() - started;
    }
  }

  /**
   * The wait after a sweep that took `tookMs`: `sweepMs`, or longer, so that sweeping takes at
   * most `sweepShare` of the time (5,000 documents took FerretDB 0.55 s to read for the filter).
   * Nothing waits for the sweep in normal work: writers notify the relay, and a failed publish
   * is retried from memory; the sweep finds what a stopped process or an offline tool left.
   */
  sweepDelay(tookMs: number) {
    return Math.max(this.sweepMs, Math.round(tookMs * (1 / this.sweepShare - 1)));
  }

  /** How long the current sweep has spent reading the collections for pending documents (ms). */
  private sweepReadMs = 0;

  /** The wait before the next sweep (ms), as last decided. */
  get sweepInterval() {
    return this.nextSweepMs;
  }

  private async sweep() {
    if (this.stopped) return;
    this.sweepReadMs = 0;
    try {
      await this.drainAll();
    } catch {
      // onFailure already logged it; the next sweep tries again
    }
    // Spaced by the sweep's reads of the collection only: its publishing, which waits on the
    // broker (seconds in a stall, behind other documents' turns), spaced it by minutes.
    this.nextSweepMs = this.sweepDelay(this.sweepReadMs);
    if (!this.stopped) this.sweepTimer = setTimeout(() => void this.sweep(), this.nextSweepMs);
  }

  private onFailure(error: unknown) {
    this.failures += 1;
    if (this.failures === 1) {
      this.options.logger.warn(
        { err: error },
        'outbox relay could not publish; events stay stored and will be retried',
      );
    }
    if (this.retryTimer || this.stopped) return;
    const delay = Math.min(250 * 2 ** Math.min(this.failures, 5), 5000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      for (const { source, id } of this.failed.values())
        void this.drainDocument(source, id).catch(() => undefined);
    }, delay);
  }
}
