import {
  type ErasurePart,
  type ErasureRequested,
  type EventMeta,
  erasuresTopic,
  ZErasureEvent,
  ZErasurePartDone,
} from '@meritmatch/contracts';
import { buildEvent, type Clock, systemClock } from '../core/events';
import type { Platform } from './platform';

/** Publishes one event now, keyed by its aggregate (an answer that needs no document's outbox). */
export async function publishNow(
  platform: Pick<Platform, 'producer' | 'topic'>,
  topic: string,
  event: EventMeta,
) {
  await platform.producer.send({
    topic: platform.topic(topic),
    acks: -1,
    messages: [
      {
        key: event.aggregateId,
        value: JSON.stringify(event),
        headers: { 'event-type': event.type, 'event-id': event.id },
      },
    ],
  });
}

/**
 * A service's part of every erasure (docs/decisions/0004-account-erasure.md): on
 * `erasure.requested` it erases what it holds of the person, then answers
 * `erasure.part-done`. Its consumer group commits only after both, so a service that was down,
 * or stopped half-way, does its part when it comes back. `erase` must be idempotent: asked
 * again (auth resends to a part that has not answered), it erases nothing more and the part
 * answers again.
 */
export function startErasurePart({
  platform,
  part,
  erase,
  clock = systemClock,
}: {
  platform: Pick<Platform, 'consume' | 'producer' | 'topic'>;
  part: ErasurePart;
  erase: (request: ErasureRequested['data']) => Promise<void>;
  clock?: Clock;
}) {
  return platform.consume({
    name: 'erasure',
    topics: [erasuresTopic],
    schema: ZErasureEvent,
    handle: async (event) => {
      if (event.type !== 'erasure.requested') return;
      await erase(event.data);
      const done = buildEvent(ZErasurePartDone, {
        type: 'erasure.part-done',
        version: 1,
        aggregateId: event.data.userId,
        source: part,
        clock,
        data: { userId: event.data.userId, part, doneAt: clock().toISOString() },
      });
      await publishNow(platform, erasuresTopic, done);
    },
  });
}
