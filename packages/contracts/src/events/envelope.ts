import { z } from 'zod';

/**
 * Every Kafka message value is one envelope. `type` names what happened, in the past
 * tense; `version` changes on a breaking change of `data`; the message key is the
 * aggregate id so that the events of one aggregate stay in order.
 */
export const ZEventMeta = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  source: z.string().min(1),
  aggregateId: z.string().min(1),
});
export type EventMeta = z.infer<typeof ZEventMeta>;

export const eventSchema = <T extends string, V extends number, D extends z.ZodType>(
  type: T,
  version: V,
  data: D,
) => ZEventMeta.extend({ type: z.literal(type), version: z.literal(version), data });

/**
 * Where a consumer parks an event it cannot handle (malformed, or failing for a reason that
 * is not transient), with the reason and the original topic, partition and offset in the
 * message headers. Kept for a month.
 */
export const deadLettersTopic = 'dead-letters';
