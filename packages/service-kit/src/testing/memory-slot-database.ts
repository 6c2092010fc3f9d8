import type { connectMongo } from '../store/mongo';

type Connection = Awaited<ReturnType<typeof connectMongo>>;
type Slot = { _id: string; expireAt: Date };
type Filter = { _id?: string | { $in: string[] }; expireAt?: { $lte: Date } };

const duplicateKey = (id: string) => Object.assign(new Error(`E11000 duplicate key: ${id}`), { code: 11000 });

/** One collection of slots, with the few operations the slot store makes, as the database answers them. */
function memorySlots() {
  const slots = new Map<string, Slot>();
  const matches = (slot: Slot, { _id, expireAt }: Filter) =>
    (_id === undefined || (typeof _id === 'string' ? slot._id === _id : _id.$in.includes(slot._id))) &&
    (expireAt === undefined || slot.expireAt <= expireAt.$lte);
  const deleteWhere = (filter: Filter, most = Number.POSITIVE_INFINITY) => {
    let deletedCount = 0;
    for (const slot of [...slots.values()])
      if (deletedCount < most && matches(slot, filter)) {
        slots.delete(slot._id);
        deletedCount += 1;
      }
    return { deletedCount };
  };
  return {
    findOne: async ({ _id }: { _id: string }) => slots.get(_id) ?? null,
    async insertOne(slot: Slot) {
      if (slots.has(slot._id)) throw duplicateKey(slot._id);
      slots.set(slot._id, slot);
    },
    // unordered: every slot not taken yet is written, the taken ones named as a bulk write names them
    async insertMany(documents: Slot[]) {
      const writeErrors = documents.flatMap((slot, index) => {
        if (slots.has(slot._id)) return [{ index, code: 11000 }];
        slots.set(slot._id, slot);
        return [];
      });
      if (writeErrors.length > 0) throw Object.assign(new Error('E11000 duplicate keys'), { writeErrors });
    },
    deleteOne: async (filter: Filter) => deleteWhere(filter, 1),
    deleteMany: async (filter: Filter) => deleteWhere(filter),
  };
}

/**
 * A database for service-kit's `SlotStore` in tests that run a service in process: the store's
 * claims, refusals and resets are kept in memory, so a limit counts as it does on the database.
 * It holds only slots (`collection(name)`), which is all a limit asks of its connection.
 */
export function memorySlotDatabase(): Connection {
  const collections = new Map<string, ReturnType<typeof memorySlots>>();
  const collection = (name: string) => {
    const known = collections.get(name) ?? memorySlots();
    collections.set(name, known);
    return known;
  };
  return { db: { collection } } as unknown as Connection;
}
