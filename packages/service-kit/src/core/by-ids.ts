/** Reads in flight at once: a page's lookups go together, a thousand ids do not flood the pool. */
export const readsAtOnce = 50;

/**
 * The documents of these ids (each once; unknown ids left out), each read by `findById`: a filter
 * of `_id` alone such as `Model.findById(id).lean()`, or a key index's lookup (`_id` reads too). FerretDB on SQLite pushes a filter down to
 * its storage only when it is `_id` equality alone: `{ _id: { $in: ids } }` reads and decodes the
 * whole collection, so a lookup of a page's twenty ids cost as much as the collection is large
 * (docs/decisions/0009-reads-by-id.md). Each of these reads uses the `_id` index.
 */
export async function findByIds<Doc>(
  ids: Iterable<string>,
  findById: (id: string) => PromiseLike<Doc | null>,
): Promise<Doc[]> {
  const unique = [...new Set(ids)];
  const found: Doc[] = [];
  for (let start = 0; start < unique.length; start += readsAtOnce) {
    const docs = await Promise.all(unique.slice(start, start + readsAtOnce).map((id) => findById(id)));
    for (const doc of docs) if (doc) found.push(doc);
  }
  return found;
}
