import { type Connection, type Model, Schema } from 'mongoose';
import { findByIds } from '../core/by-ids';
import { isDuplicateKeyError } from './mongo';

/** One item of a list, as stored: `_id` is `<list>:<position>`, positions 1, 2, 3… without gaps. */
type ItemDoc = { _id: string; key: string; item: Record<string, unknown> };

/** An item to append: to which list, its key (an item is not appended twice) and what it holds. */
export type Append<T> = { list: string; key: string; item: T };

/** What this process knows of a list: its length when last seen, and the keys of its last items. */
type Hint = { length: number; recent: string[] };

/**
 * Append-only lists read by position, for FerretDB: it pushes only `_id` equality down to
 * SQLite, scans a collection for any other filter and for every update, and isolates inserts
 * of one `_id` (of two, one fails). So an item is inserted as `<list>:<n>` and never changed;
 * a writer takes the next free position (a clash means another writer took it: it looks
 * again); the length of a list is found by looking positions up, doubling then halving
 * (about twice log₂ n lookups), and kept in memory as a hint that is checked, never trusted.
 *
 * An item appended again with the same key (an event handled again) is recognised among the
 * last `recheck` items of its list, which is where it is unless that many other items were
 * appended to the same list in between.
 */
export function createSequencedLists<T extends Record<string, unknown>>(
  connection: Connection,
  collection: string,
  { recheck = 10, hintsKept = 20000 }: { recheck?: number; hintsKept?: number } = {},
) {
  const name = `${collection}Item`;
  const Items = (connection.models[name] ??
    connection.model(
      name,
      new Schema(
        {
          _id: { type: String, required: true },
          key: { type: String, required: true },
          item: { type: Schema.Types.Mixed, required: true },
        },
        { versionKey: false, minimize: false },
      ),
      collection,
    )) as Model<ItemDoc>;
  const hints = new Map<string, Hint>();
  const remember = (list: string, length: number, keys: string[]) => {
    const recent = [...(hints.get(list)?.recent ?? []), ...keys].slice(-recheck);
    hints.delete(list);
    hints.set(list, { length, recent });
    if (hints.size > hintsKept) hints.delete(hints.keys().next().value!);
  };
  const id = (list: string, position: number) => `${list}:${position}`;
  const has = async (list: string, position: number) =>
    (await Items.exists({ _id: id(list, position) })) !== null;

  /** The length of a list: from the hint forwards, or by doubling then halving (2 log₂ n lookups; a new list: 1). */
  async function lengthOf(list: string): Promise<number> {
    let length = hints.get(list)?.length;
    if (length === undefined) {
      let low = 0;
      let high = 1;
      while (await has(list, high)) {
        low = high;
        high *= 2;
      }
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (await has(list, middle)) low = middle;
        else high = middle;
      }
      // `high` was free when looked at: an item appended since makes the insert after it clash
      return low;
    }
    while (await has(list, length + 1)) length += 1;
    return length;
  }

  /** The keys of the last items of a list, as stored. */
  async function lastKeys(list: string, length: number): Promise<string[]> {
    const positions = Array.from({ length: Math.min(recheck, length) }, (_, i) => length - i).reverse();
    const docs = await Promise.all(
      positions.map((p) => Items.findById(id(list, p), { key: 1 }).lean<ItemDoc>()),
    );
    return docs.flatMap((doc) => (doc ? [doc.key] : []));
  }

  /** One item, the careful way: the list's real length, a look at its last keys, then the next free position. */
  async function appendOne({ list, key, item }: Append<T>) {
    for (;;) {
      const length = await lengthOf(list);
      const keys = await lastKeys(list, length);
      remember(list, length, keys);
      if (keys.includes(key)) return;
      try {
        await Items.create({ _id: id(list, length + 1), key, item });
        remember(list, length + 1, [key]);
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  }

  /**
   * Items of lists this process has a hint for go in one insert at the positions after it,
   * unless their key is among the list's last ones it knows; the others, and those whose
   * position was taken meanwhile, one by one, the careful way.
   */
  async function appendAll(items: Array<Append<T>>) {
    const careful: Array<Append<T>> = [];
    const quick: Array<Append<T> & { position: number }> = [];
    const next = new Map<string, number>();
    for (const entry of items) {
      const hint = hints.get(entry.list);
      if (hint?.recent.includes(entry.key) || quick.some((q) => q.list === entry.list && q.key === entry.key))
        continue;
      const length = next.get(entry.list) ?? hint?.length;
      if (length === undefined || careful.some((other) => other.list === entry.list)) {
        careful.push(entry);
        continue;
      }
      next.set(entry.list, length + 1);
      quick.push({ ...entry, position: length + 1 });
    }
    const taken = new Set<number>();
    if (quick.length > 0) {
      try {
        await Items.insertMany(
          quick.map(({ list, key, item, position }) => ({ _id: id(list, position), key, item })),
          { ordered: false },
        );
      } catch (error) {
        const writeErrors = (error as { writeErrors?: Array<{ index: number; code?: number }> }).writeErrors;
        if (!writeErrors?.length || !writeErrors.every((e) => isDuplicateKeyError(e))) throw error;
        for (const e of writeErrors) taken.add(e.index);
      }
    }
    quick.forEach((entry, index) => {
      if (taken.has(index)) careful.push(entry);
      else remember(entry.list, Math.max(hints.get(entry.list)?.length ?? 0, entry.position), [entry.key]);
    });
    for (const entry of careful) await appendOne(entry);
  }

  return {
    /** Appends items, each at the end of its list, none twice. */
    async append(items: Array<Append<T>>) {
      try {
        await appendAll(items);
      } catch (error) {
        // what a failure half-way left is found again the careful way
        for (const { list } of items) hints.delete(list);
        throw error;
      }
    },

    /** Newest first: `limit` items after skipping `skip`, and the list's length. */
    async page(list: string, skip: number, limit: number): Promise<{ items: T[]; length: number }> {
      const length = await lengthOf(list);
      const count = Math.max(0, Math.min(limit, length - skip));
      const ids = Array.from({ length: count }, (_, i) => id(list, length - skip - i));
      // in groups (findByIds): a long list's page does not take every connection of the pool
      const docs = await findByIds(ids, (itemId) => Items.findById(itemId).lean<ItemDoc>());
      return { items: docs.map((doc) => doc.item as T), length };
    },
  };
}
