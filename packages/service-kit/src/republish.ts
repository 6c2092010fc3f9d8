import { type AnyModel, type PendingEvent, withEvents } from './outbox';

/**
 * Rebuilds a topic from its owner's data: for every document of `model`, the events that
 * state its current state are put into the document's outbox (the same single-document
 * write as any change), and the running service's relay publishes them. Consumers apply
 * them like any event (new ids, the same state), so a topic lost with a broker's volume, or
 * a MongoDB restored from a backup, is made whole again. Answers how many were queued.
 */
export async function republishAll<Doc>(
  model: AnyModel,
  eventsOf: (doc: Doc) => PendingEvent[] | Promise<PendingEvent[]>,
) {
  let queued = 0;
  for await (const doc of model.find({}, { _outbox: 0 }).lean().cursor()) {
    const events = await eventsOf(doc as Doc);
    if (events.length === 0) continue;
    await model.updateOne({ _id: doc._id }, withEvents({}, events));
    queued++;
  }
  return queued;
}
