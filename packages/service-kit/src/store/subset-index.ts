import { type Connection, type Model, Schema } from 'mongoose';
import type { Versioned } from '../core/versioned';
import type { AggregateStore } from './aggregate-store';
import { isDuplicateKeyError } from './mongo';

type Entry<E> = E & { _id: string };

// the kit sets `strictQuery` (mongo.ts), which drops a filter's fields the schema does not name,
// and an entry's fields are the caller's
const entrySchema = new Schema(
  { _id: { type: String, required: true } },
  { strict: false, strictQuery: false, versionKey: false },
);

/** An entry whose aggregate is not there yet may belong to a create still under way (its entry is written first). */
const defaultGraceMs = 60_000;

export type SubsetIndexOptions<S, E> = {
  /** The collection of the entries, e.g. `delivery_queue`. */
  collection: string;
  /** Whether an aggregate in this state belongs to the subset. */
  holds: (state: S) => boolean;
  /** The fields of its entry (what the readers filter and sort on); they must follow from the state. */
  entryOf: (state: S) => E;
  /** Whether an entry still says what `entryOf` would of this state. */
  agrees: (entry: Entry<E>, state: S) => boolean;
  /** The time an entry is measured from when its aggregate is missing (kept `graceMs` past it). */
  since: (entry: Entry<E>) => Date;
  graceMs?: number;
};

/**
 * The aggregates of a collection that are in a subset (the deliveries still in play, the match
 * requests still pending), each as a small entry `{ _id: <aggregate id>, ...entryOf(state) }` in
 * a collection of its own, so that what is looked for often is found without reading every
 * aggregate there ever was: FerretDB on SQLite reads and decodes a whole collection for any filter
 * other than `_id` (5,000 small documents: about 0.55 s), and indexes do not change that.
 *
 * The aggregate is the truth and the entry a guide to it, kept without transactions:
 * - a new aggregate's entry is written before it (`following`), so none is ever missing; a create
 *   refused as a duplicate removes the entry it wrote, and any other entry without its aggregate
 *   is dropped when read;
 * - a change is written to the aggregate first, then to its entry;
 * - `checked` reads each entry's aggregate by `_id` and puts the entry right: one that left the
 *   subset is dropped, one whose fields moved is rewritten;
 * - `reconcile` adds the entries of aggregates stored before the index existed.
 */
export function createSubsetIndex<S extends Versioned & { id: string }, E extends Record<string, unknown>>(
  connection: Connection,
  { collection, holds, entryOf, agrees, since, graceMs = defaultGraceMs }: SubsetIndexOptions<S, E>,
) {
  const name = `SubsetIndex_${collection}`;
  const model = (connection.models[name] ??
    connection.model(name, entrySchema, collection)) as unknown as Model<Entry<E>>;

  /** Writes the entry of this state, or drops it when the state is no longer in the subset. */
  const follow = async (state: S) => {
    if (holds(state)) await model.updateOne({ _id: state.id }, { $set: entryOf(state) }, { upsert: true });
    else await model.deleteOne({ _id: state.id });
  };

  return {
    model,
    follow,

    /** The store, with each create's entry written before it and each change's after it. */
    following(store: AggregateStore<S>): AggregateStore<S> {
      return {
        ...store,
        async create(state, events, onDuplicate) {
          let wrote = false;
          if (holds(state)) {
            try {
              await model.create({ _id: state.id, ...entryOf(state) });
              wrote = true;
            } catch (error) {
              // there already: the same create again (a replay, a retried command)
              if (!isDuplicateKeyError(error)) throw error;
            }
          }
          let refused = false;
          try {
            return await store.create(state, events, (error) => {
              refused = true;
              return onDuplicate(error);
            });
          } catch (error) {
            // refused as a duplicate, the aggregate was never written: its new entry goes too (any
            // other failure may have written it, so the entry stays, to be checked when read)
            if (wrote && refused) await model.deleteOne({ _id: state.id });
            throw error;
          }
        },
        async change(id, decide) {
          const changed = await store.change(id, decide);
          if (changed) await follow(changed.state);
          return changed;
        },
      };
    },

    /** The entries matching `filter`, in `sort` order, at most `limit` (all when 0). */
    entries(filter: Record<string, unknown> = {}, sort: Record<string, 1 | -1> = {}, limit = 0) {
      return model.find(filter).sort(sort).limit(limit).lean<Entry<E>[]>();
    },

    count: (filter: Record<string, unknown> = {}) => model.countDocuments(filter),

    /**
     * The aggregates of these entries that `wanted` accepts, in the entries' order, each read by
     * `_id` with `load` (all at once: a page of them costs one round trip's wait, not one each);
     * each entry out of date is put right on the way.
     */
    async checked(
      entries: Entry<E>[],
      {
        load,
        wanted = holds,
        now = new Date(),
      }: { load: (id: string) => Promise<S | null>; wanted?: (state: S) => boolean; now?: Date },
    ): Promise<S[]> {
      const states = await Promise.all(entries.map((entry) => load(entry._id)));
      const found: S[] = [];
      for (const [i, entry] of entries.entries()) {
        const state = states[i];
        if (!state) {
          if (now.getTime() - since(entry).getTime() > graceMs) await model.deleteOne({ _id: entry._id });
          continue;
        }
        if (!holds(state) || !agrees(entry, state)) await follow(state);
        if (wanted(state)) found.push(state);
      }
      return found;
    },

    /** Adds the missing entry of each state given (those in the subset, stored before the index); answers how many. */
    async reconcile(states: AsyncIterable<S>): Promise<number> {
      let added = 0;
      for await (const state of states) {
        if (!holds(state)) continue;
        const result = await model.updateOne(
          { _id: state.id },
          { $setOnInsert: entryOf(state) },
          { upsert: true },
        );
        added += result.upsertedCount;
      }
      return added;
    },
  };
}

export type SubsetIndex<S extends Versioned & { id: string }, E extends Record<string, unknown>> = ReturnType<
  typeof createSubsetIndex<S, E>
>;
