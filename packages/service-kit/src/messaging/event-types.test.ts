import { eventSchema, ZCandidateEvent, ZMatchRequestEvent } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventTypesOf } from './consumer';

describe('the event types a consumer handles', () => {
  it('are read through unions, discriminated unions and the transforms that read older versions', () => {
    const v1 = eventSchema('note.written', 1, z.object({ text: z.string() }));
    const v2 = eventSchema('note.written', 2, z.object({ text: z.string(), by: z.string() }));
    const read = z.discriminatedUnion('version', [
      v2,
      v1.transform((event) => ({ ...event, version: 2 as const })),
    ]);
    const gone = eventSchema('note.erased', 1, z.object({}));
    expect([...(eventTypesOf(z.union([gone, read])) ?? [])].sort()).toEqual(['note.erased', 'note.written']);
    expect([...(eventTypesOf(ZCandidateEvent) ?? [])].sort()).toEqual([
      'candidate.erased',
      'candidate.profile-changed',
    ]);
    expect(eventTypesOf(ZMatchRequestEvent)?.size).toBeGreaterThan(0);
  });

  it('are unknown for a schema that names no type', () => {
    expect(eventTypesOf(z.object({ id: z.string() }))).toBeUndefined();
  });
});
