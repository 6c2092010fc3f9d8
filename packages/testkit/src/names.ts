import { randomBytes } from 'node:crypto';
import type { TopicDeclaration } from '@meritmatch/contracts';

/** A name no other test run uses: for databases, topic prefixes and consumer groups. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A topic of a test's own, declared like the product's: three partitions, events kept forever. */
export const scratchTopic = (prefix: string): { topic: string; declaration: TopicDeclaration } => {
  const topic = uniqueName(prefix);
  return { topic, declaration: { name: topic, partitions: 3, cleanupPolicy: 'delete', retentionMs: -1 } };
};
