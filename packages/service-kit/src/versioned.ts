import { withDocumentLock } from './document-lock';
import { conflict } from './errors';
import { type AnyModel, type PendingEvent, withEvents } from './outbox';

/** Reads a document without its pending events. */
export const withoutOutbox = { _outbox: 0, _outboxCount: 0, _outboxPending: 0 } as const;

export type VersionedChange<T> = (current: T) => { next: T; events: PendingEvent[] };

/**
 * The one way an aggregate changes: read it, let `change` compute the next state and the
 * events it implies, and write both in one document update that only succeeds if the stored
 * version is still the one read, alone for this document in this process (FerretDB gives
 * updates no isolation). Answers null when there is no such document.
 */
export async function modifyVersioned<T extends { version: number }>(
  model: AnyModel,
  id: string,
  {
    read,
    fields,
    change,
    conflictMessage,
  }: {
    read: (doc: never) => T;
    /** The stored fields of a state (without `_id`). */
    fields: (state: T) => Record<string, unknown>;
    change: VersionedChange<T>;
    conflictMessage: string;
  },
): Promise<T | null> {
  return withDocumentLock(model, id, async () => {
    const doc = await model.findById(id, withoutOutbox).lean();
    if (!doc) return null;
    const current = read(doc as never);
    const { next, events } = change(current);
    const result = await model.updateOne(
      { _id: id, version: current.version },
      withEvents({ $set: fields(next) }, events),
    );
    if (result.modifiedCount !== 1) throw conflict(conflictMessage);
    return next;
  });
}
