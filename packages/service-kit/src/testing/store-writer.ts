/**
 * A second process for the aggregate store's cross-process test: it increments one counter
 * aggregate `count` times, `parallel` at a time, through its own store and write guard.
 * Usage: node --import tsx store-writer.ts <mongoUrl> <dbName> <id> <count> <parallel>
 */
import { createCounterStore } from './counter-store';

const [mongoUrl, dbName, id, count, parallel] = process.argv.slice(2);
const { store, close } = await createCounterStore(mongoUrl!, dbName!);
let left = Number(count);
await Promise.all(
  Array.from({ length: Number(parallel) }, async () => {
    while (left > 0) {
      left -= 1;
      await store.change(id!, (current) => ({
        next: { ...current, value: current.value + 1 },
        events: (stamped) => [counted(id!, stamped.value)],
      }));
    }
  }),
);
await close();
process.stdout.write('done\n');

function counted(counterId: string, value: number) {
  return {
    id: crypto.randomUUID(),
    type: 'counter.incremented',
    version: 1,
    occurredAt: new Date().toISOString(),
    source: 'store-writer',
    aggregateId: counterId,
    data: { value },
  };
}
