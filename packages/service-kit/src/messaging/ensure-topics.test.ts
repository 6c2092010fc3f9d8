import type { TopicDeclaration } from '@meritmatch/contracts';
import { type Kafka, logLevel } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { ensureTopics, kafkajsLogLevel } from './kafka';

const declaration: TopicDeclaration = { name: 't', partitions: 1, cleanupPolicy: 'compact', retentionMs: -1 };
const unknownPartition = () =>
  Object.assign(new Error('This server does not host this topic-partition'), {
    name: 'KafkaJSProtocolError',
    retriable: true,
  });

/** A broker's admin API that fails its first `failures` topic listings with `error`, then holds the topic as declared. */
function broker(failures: number, error: () => Error) {
  let listings = 0;
  const admin = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    listTopics: async () => {
      listings += 1;
      if (listings <= failures) throw error();
      return ['t'];
    },
    fetchTopicOffsets: async () => [{ partition: 0, offset: '0' }],
    fetchTopicMetadata: async () => ({ topics: [{ name: 't', partitions: [{ partitionId: 0 }] }] }),
    describeConfigs: async () => ({
      resources: [
        {
          resourceName: 't',
          configEntries: [
            { configName: 'cleanup.policy', configValue: 'compact' },
            { configName: 'retention.ms', configValue: '-1' },
          ],
        },
      ],
    }),
  };
  return { kafka: { admin: () => admin } as unknown as Kafka, listings: () => listings };
}

describe('ensureTopics', () => {
  it('asks again while the broker answers that it does not know a topic yet', async () => {
    const { kafka, listings } = broker(2, unknownPartition);
    await expect(ensureTopics(kafka, [{ topic: 't', declaration }])).resolves.toEqual({ altered: [] });
    expect(listings()).toBe(3);
  });

  it('gives up at once on an error that will not pass', async () => {
    const { kafka, listings } = broker(1, () => new Error('SASL authentication failed'));
    await expect(ensureTopics(kafka, [{ topic: 't', declaration }])).rejects.toThrow(
      'SASL authentication failed',
    );
    expect(listings()).toBe(1);
  });
});

describe('a topic whose retention differs from its declaration', () => {
  const holding = (configs: Record<string, string>) => {
    const altered: unknown[] = [];
    const admin = {
      connect: async () => undefined,
      disconnect: async () => undefined,
      listTopics: async () => ['t'],
      fetchTopicOffsets: async () => [{ partition: 0, offset: '0' }],
      fetchTopicMetadata: async () => ({ topics: [{ name: 't', partitions: [{ partitionId: 0 }] }] }),
      describeConfigs: async () => ({
        resources: [
          {
            resourceName: 't',
            configEntries: Object.entries(configs).map(([configName, configValue]) => ({
              configName,
              configValue,
            })),
          },
        ],
      }),
      alterConfigs: async (request: unknown) => {
        altered.push(request);
      },
    };
    return { kafka: { admin: () => admin } as unknown as Kafka, altered };
  };
  const bounded: TopicDeclaration = { ...declaration, compactedWithinMs: 86_400_000 };

  it('is brought to it, with every setting of the topic (an alteration replaces them all)', async () => {
    const { kafka, altered } = holding({ 'cleanup.policy': 'compact', 'retention.ms': '-1' });
    await expect(ensureTopics(kafka, [{ topic: 't', declaration: bounded }])).resolves.toEqual({
      altered: ['t'],
    });
    expect(altered).toEqual([
      {
        validateOnly: false,
        resources: [
          {
            type: 2,
            name: 't',
            configEntries: [
              { name: 'cleanup.policy', value: 'compact' },
              { name: 'retention.ms', value: '-1' },
              { name: 'max.compaction.lag.ms', value: '86400000' },
              { name: 'segment.ms', value: '21600000' },
            ],
          },
        ],
      },
    ]);
  });

  it('is left alone when it holds the declaration, and a different policy still refuses the start', async () => {
    const held = holding({
      'cleanup.policy': 'compact',
      'retention.ms': '-1',
      'max.compaction.lag.ms': '86400000',
      'segment.ms': '21600000',
    });
    await expect(ensureTopics(held.kafka, [{ topic: 't', declaration: bounded }])).resolves.toEqual({
      altered: [],
    });
    const deleting = holding({ 'cleanup.policy': 'delete', 'retention.ms': '-1' });
    await expect(ensureTopics(deleting.kafka, [{ topic: 't', declaration }])).rejects.toThrow(
      't has cleanup.policy=delete, declared compact',
    );
    expect(deleting.altered).toEqual([]);
  });
});

describe("kafkajs's logs", () => {
  it("writes a race to create the same topic and a new topic's unsettled leaders at info, and every other error as an error", () => {
    // what kafkajs logs when another process created the topic a moment before
    const raced = { message: 'Response CreateTopics(key: 19, version: 3)', error: 'Topic creation errors' };
    expect(kafkajsLogLevel(logLevel.ERROR, raced)).toBe('info');
    // what kafkajs logs, and then asks again, while a new topic's leaders are settled
    const settling = {
      message: 'Response ListOffsets(key: 2, version: 3)',
      error: 'This server is not the leader for that topic-partition',
    };
    expect(kafkajsLogLevel(logLevel.ERROR, settling)).toBe('info');
    expect(kafkajsLogLevel(logLevel.ERROR, { error: 'Connection error: ECONNREFUSED' })).toBe('error');
    expect(kafkajsLogLevel(logLevel.WARN, {})).toBe('warn');
  });
});
