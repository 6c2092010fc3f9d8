import { randomUUID } from 'node:crypto';
import { type CandidateProjection, candidatesTopic, ZCandidateProfileChanged } from '@meritmatch/contracts';
import { createKafka, createLogger } from '@meritmatch/service-kit';
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

/** A start's snapshot of a topic reads it with a group of its own, named by a random id. */
const snapshotGroup = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Waits until every consumer group of a stack that reads its `candidates` topic (the snapshots of
 * each start aside) has read it to its end, and answers the seconds that took: a measure that
 * restarts a service after a million candidates were published otherwise shares the machine with
 * the other services still reading them.
 */
export async function candidatesReadByEveryone(
  kafkaBrokers: string,
  namespace: string,
  timeoutMs = 900000,
): Promise<number> {
  const kafka = createKafka({
    clientId: 'bench-settle',
    brokers: kafkaBrokers.split(','),
    logger: createLogger('bench', 'silent'),
  });
  const admin = kafka.admin();
  await admin.connect();
  const started = performance.now();
  const topic = `${namespace}.${candidatesTopic}`;
  try {
    for (;;) {
      const ends = new Map(
        (await admin.fetchTopicOffsets(topic)).map(({ partition, high }) => [partition, BigInt(high)]),
      );
      const groups = (await admin.listGroups()).groups
        .map(({ groupId }) => groupId)
        .filter((groupId) => groupId.startsWith(`${namespace}.`) && !snapshotGroup.test(groupId));
      const behind: string[] = [];
      for (const groupId of groups) {
        const [read] = await admin.fetchOffsets({ groupId, topics: [topic] });
        const partitions = read?.partitions ?? [];
        // a group that never read the topic has no offset on any partition
        if (partitions.every(({ offset }) => Number(offset) < 0)) continue;
        const left = partitions.reduce(
          (sum, { partition, offset }) =>
            sum + ((ends.get(partition) ?? 0n) - BigInt(Math.max(0, Number(offset)))),
          0n,
        );
        if (left > 0n) behind.push(`${groupId.slice(namespace.length + 1)} (${left} left)`);
      }
      if (behind.length === 0) return (performance.now() - started) / 1000;
      if (performance.now() - started > timeoutMs)
        throw new Error(`the candidates topic is still being read by ${behind.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await admin.disconnect();
  }
}
