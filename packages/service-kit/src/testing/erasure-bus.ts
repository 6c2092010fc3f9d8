import { randomUUID } from 'node:crypto';
import {
  candidatesTopic,
  employersTopic,
  erasuresTopic,
  type UserType,
  ZCandidateErased,
  ZEmployerErased,
  ZErasurePartDone,
  ZErasureRequested,
} from '@meritmatch/contracts';
import { buildEvent } from '../core/events';
import { createLogger } from '../core/logger';
import { createKafka } from '../messaging/kafka';
import { publishNow } from '../platform/erasure-part';

/**
 * For a service's tests: the erasure's events as the other services send them, on a test
 * stack's topics (`namespace.`): auth's request, profile's markers; and every part-done answer
 * read back.
 */
export async function erasureBus(stack: { namespace: string }, brokers: string) {
  const kafka = createKafka({
    clientId: 'erasure-test',
    brokers: brokers.split(','),
    logger: createLogger('erasure-test', 'silent'),
  });
  const producer = kafka.producer();
  await producer.connect();
  // a short long poll: a disconnect waits for the fetch in flight
  const consumer = kafka.consumer({
    groupId: `${stack.namespace}.erasure-test.${randomUUID()}`,
    maxWaitTimeInMs: 500,
  });
  await consumer.connect();
  await consumer.subscribe({ topic: `${stack.namespace}.${erasuresTopic}`, fromBeginning: true });
  const answers: Array<{ userId: string; part: string }> = [];
  await consumer.run({
    eachMessage: async ({ message }) => {
      const parsed = ZErasurePartDone.safeParse(JSON.parse(message.value!.toString()));
      if (parsed.success) answers.push(parsed.data.data);
    },
  });
  const platform = { producer, topic: (name: string) => `${stack.namespace}.${name}` };
  const now = () => new Date().toISOString();
  return {
    /** How many times `part` answered that it erased this user. */
    answered: (userId: string, part: string) =>
      answers.filter((answer) => answer.userId === userId && answer.part === part).length,
    request: (userId: string, userType: UserType) =>
      publishNow(
        platform,
        erasuresTopic,
        buildEvent(ZErasureRequested, {
          type: 'erasure.requested',
          version: 1,
          aggregateId: userId,
          source: 'auth',
          data: { userId, userType, by: 'self', requestedAt: now() },
        }),
      ),
    candidateErased: (candidateId: string, ownerUserId: string) =>
      publishNow(
        platform,
        candidatesTopic,
        buildEvent(ZCandidateErased, {
          type: 'candidate.erased',
          version: 1,
          aggregateId: candidateId,
          source: 'profile',
          data: { candidateId, ownerUserId, erasedAt: now() },
        }),
      ),
    employerErased: (employerId: string) =>
      publishNow(
        platform,
        employersTopic,
        buildEvent(ZEmployerErased, {
          type: 'employer.erased',
          version: 1,
          aggregateId: employerId,
          source: 'profile',
          data: { employerId, erasedAt: now() },
        }),
      ),
    async close() {
      await consumer.disconnect();
      await producer.disconnect();
    },
  };
}
