import { randomUUID } from 'node:crypto';
import type { EventMeta } from '@meritmatch/contracts';
import type { z } from 'zod';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

type EventSchema = z.ZodType<EventMeta & { data: unknown }>;

/**
 * Builds an event envelope and checks it against its contract before it is stored, so a
 * malformed event fails where it is made rather than in every consumer.
 */
export function buildEvent<S extends EventSchema>(
  schema: S,
  fields: {
    type: z.output<S>['type'];
    version: z.output<S>['version'];
    aggregateId: string;
    data: z.output<S>['data'];
    source: string;
    clock?: Clock;
    /** The event's id when the writer must know it beforehand (it records something by it); else a new one. */
    id?: string;
  },
): z.output<S> {
  const { clock = systemClock, ...rest } = fields;
  return schema.parse({ id: randomUUID(), occurredAt: clock().toISOString(), ...rest });
}
