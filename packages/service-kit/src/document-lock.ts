import type { AnyModel } from './outbox';

const tails = new Map<string, Promise<unknown>>();

/**
 * Runs `work` alone for one document of one collection, within this process.
 *
 * FerretDB v1 on SQLite reads, changes and writes back a document without isolation:
 * concurrent updates of one document lose writes, and even a version-guarded update can
 * succeed twice (see ferretdb-compat.int.test.ts). Every read-modify-write of a document,
 * and the outbox relay's removal of published events, go through this lock. On MongoDB it
 * costs nothing but a promise; on FerretDB it makes one process per service correct.
 */
export async function withDocumentLock<T>(model: AnyModel, id: unknown, work: () => Promise<T>): Promise<T> {
  const key = `${model.db.name}/${model.collection.collectionName}/${String(id)}`;
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}
