import { randomUUID } from 'node:crypto';
import { type CandidateProjection, candidatesTopic, ZCandidateProfileChanged } from '@meritmatch/contracts';
import type { Producer } from 'kafkajs';

/**
 * Puts projections on a stack's `candidates` topic as the profile service's relay would, in
 * batches of 1,000: the way generated candidates reach the matching service.
 */
export async function publishCandidates(
  producer: Producer,
  namespace: string,
  projections: CandidateProjection[],
) {
  for (let start = 0; start < projections.length; start += 1000) {
    await producer.send({
      topic: `${namespace}.${candidatesTopic}`,
      messages: projections.slice(start, start + 1000).map((data) => ({
        key: data.candidateId,
        value: JSON.stringify(
          ZCandidateProfileChanged.parse({
            id: randomUUID(),
            type: 'candidate.profile-changed',
            version: 4,
            occurredAt: new Date().toISOString(),
            source: 'bench',
            aggregateId: data.candidateId,
            data,
          }),
        ),
      })),
    });
  }
}
