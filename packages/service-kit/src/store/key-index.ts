import { type Connection, type Model, Schema } from 'mongoose';
import type { Versioned } from '../core/versioned';
import type { AggregateStore } from './aggregate-store';

type KeyDoc = { _id: string; id: string };

const keySchema = new Schema<KeyDoc>(
  { _id: { type: String, required: true }, id: { type: String, required: true } },
  { versionKey: false },
);

/**
 * A second key of an aggregate (a profile's candidate id, an account's user id) kept in its own
 * collection as `{ _id: key, id: <the aggregate's _id> }`, so that the aggregate is found by it
 * with two `_id` reads: FerretDB on SQLite scans and decodes the whole collection for a filter
 * on any other field, which grows with every stored aggregate (`docs/ferretdb.md`).
 *
 * The key is written after the aggregate (no transactions), so a lookup that finds no key, or a
 * key whose aggregate does not hold it, falls back to the scan and writes the key it finds:
 * aggregates stored before the index existed are indexed on their first lookup.
 */
export function createKeyIndex(connection: Connection, collection: string) {
  const name = `KeyIndex_${collection}`;
  const Keys = (connection.models[name] ?? connection.model(name, keySchema, collection)) as Model<KeyDoc>;
  const remember = async (key: string, id: string) => {
    await Keys.updateOne({ _id: key }, { $set: { id } }, { upsert: true });
  };
  return {
    /** The store, whose `create` also writes the new aggregate's key (`keyOf`: key and `_id`). */
    indexing<S extends Versioned>(
      store: AggregateStore<S>,
      keyOf: (state: S) => { key: string; id: string },
    ): AggregateStore<S> {
      return {
        ...store,
        async create(...args: Parameters<AggregateStore<S>['create']>) {
          const created = await store.create(...args);
          const { key, id } = keyOf(created.state);
          await remember(key, id);
          return created;
        },
      };
    },

    /**
     * The aggregate of `key`: `byId` of the indexed id when `holds` says it still has the key,
     * else `scan` (the filter on the field), whose find is then indexed under `idOf`.
     */
    async find<T>(
      key: string,
      {
        byId,
        holds,
        scan,
        idOf,
      }: {
        byId: (id: string) => Promise<T | null>;
        holds: (found: T) => boolean;
        scan: () => Promise<T | null>;
        idOf: (found: T) => string;
      },
    ): Promise<T | null> {
      const indexed = await Keys.findById(key).lean<KeyDoc>();
      if (indexed) {
        const found = await byId(indexed.id);
        if (found && holds(found)) return found;
      }
      const scanned = await scan();
      if (scanned) await remember(key, idOf(scanned));
      return scanned;
    },
  };
}

export type KeyIndex = ReturnType<typeof createKeyIndex>;
