import { ZCandidateEvent } from '@meritmatch/contracts';
import { eventTypesOf, type Platform } from '@meritmatch/service-kit';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startCandidateConsumer } from './consumers';

describe('the candidates consumer', () => {
  it('reads erasures alone: a profile change is passed over by its type, never parsed', async () => {
    let schema: z.ZodType | undefined;
    let handle: ((event: { data: { candidateId: string } }) => Promise<void>) | undefined;
    const platform = {
      consume: async (options: { schema: z.ZodType; handle: typeof handle }) => {
        ({ schema, handle } = options);
        return {};
      },
    } as unknown as Platform;
    const erased: string[] = [];
    await startCandidateConsumer({ platform, erasure: { candidate: async (id) => void erased.push(id) } });
    expect([...(eventTypesOf(schema!) ?? [])]).toEqual(['candidate.erased']);
    // the topic carries both: only the erasure is this consumer's
    expect([...(eventTypesOf(ZCandidateEvent) ?? [])].sort()).toEqual([
      'candidate.erased',
      'candidate.profile-changed',
    ]);
    await handle!({ data: { candidateId: 'c1' } });
    expect(erased).toEqual(['c1']);
  });
});
