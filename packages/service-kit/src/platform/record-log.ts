import { Schema } from 'mongoose';
import { assertTimeLeft } from '../core/request-context';
import { isDuplicateKeyError } from '../store/mongo';
import { outboxSchemaFields, type PendingEvent, storedEvents, withInitialEvents } from '../store/outbox';
import type { Platform } from './platform';

export type RecordLogOptions<R extends { _id: string }> = {
  platform: Pick<Platform, 'connection' | 'publishOutbox' | 'onClose'>;
  /** The collection that keeps the records; the outbox is `<collection>_outbox`. */
  collection: string;
  /** The logical topic the events go to. */
  topic: string;
  /** The events that tell others about a record. */
  eventsOf: (record: R) => PendingEvent[];
  /** How often records whose events have left move from the outbox to the record (ms). */
  archiveEveryMs?: number;
};

/**
 * An append-only record whose entries also leave as events (for example every read of
 * personal details). `add` inserts the record together with its events into
 * `<collection>_outbox` (one insert: a record never exists without its events, nor the
 * other way round), and the platform's relay publishes them. A few seconds later the record
 * moves on to `<collection>`, which only ever grows and is never updated.
 *
 * Why two collections: the relay's sweep looks for pending events by a field, and FerretDB
 * scans a whole collection for that; an outbox collection that keeps every record would
 * make each sweep slower for ever. This one holds only what has not moved on yet.
 */
export function createRecordLog<R extends { _id: string }>({
  platform,
  collection,
  topic,
  eventsOf,
  archiveEveryMs = 5000,
}: RecordLogOptions<R>) {
  // records are plain values checked by their writer's types; stored as they are
  const options = { versionKey: false, minimize: false, strict: false } as const;
  const definition = { _id: { type: String, required: true } };
  const name = collection.replace(/(^|_)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
  const Outbox = platform.connection.model(
    `${name}Outbox`,
    new Schema({ ...definition, ...outboxSchemaFields }, options),
    `${collection}_outbox`,
  );
  const Records = platform.connection.model(name, new Schema(definition, options), collection);
  const relay = platform.publishOutbox(Outbox, topic);

  /** Moves records whose events have left; a record already moved (a crash in between) is not doubled. */
  async function moveOn(batch = 200): Promise<number> {
    const published = await Outbox.find({ _outboxPending: false }, { _outbox: 0 }).limit(batch).lean();
    for (const { _outboxPending, _outboxCount, ...record } of published) {
      try {
        await Records.create(record);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      await Outbox.deleteOne({ _id: record._id, _outboxPending: false });
    }
    return published.length;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const later = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void moveOn()
        .catch(() => undefined)
        .finally(later);
    }, archiveEveryMs);
  };
  later();
  platform.onClose(async () => {
    stopped = true;
    clearTimeout(timer);
  });

  return {
    /** Records one entry (its `_id` new: a random id) with its events; past the caller's deadline nothing is written. */
    async add(record: R): Promise<void> {
      assertTimeLeft();
      const events = eventsOf(record);
      await Outbox.create({ ...record, ...withInitialEvents(events) });
      // a new entry's outbox is what it was created with: the relay sends it without a read
      relay.notify(Outbox, record._id, storedEvents(events));
    },
    moveOn,
  };
}

export type RecordLog<R extends { _id: string }> = ReturnType<typeof createRecordLog<R>>;
