import { randomUUID } from 'node:crypto';
import { ZContactLogsAnswer } from '@meritmatch/contracts';
import { createKafka, createLogger, createProducer, ensureTopics } from '@meritmatch/service-kit';
import {
  adminAccount,
  call,
  eventually,
  scratchTopic,
  seedCandidate,
  seedEmployer,
  startStack,
  uniqueName,
} from '@meritmatch/testkit';
import { printTable, saveResult } from './report';
import { benchInfra, ms, summary } from './support';

/** Polls `probe` tightly until it returns true; answers the time it took. */
async function timeUntil(probe: () => Promise<boolean>, timeoutMs = 10000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await probe()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('timed out');
}

/** The bare broker: one message produced and seen by a consumer group, on the same machine, same run. */
async function bareKafka(brokers: string, count: number) {
  const kafka = createKafka({
    clientId: 'bench-bare',
    brokers: brokers.split(','),
    logger: createLogger('bench', 'silent'),
  });
  const { topic, declaration } = scratchTopic('bench-bare');
  await ensureTopics(kafka, [{ topic, declaration }]);
  const producer = createProducer(kafka);
  await producer.connect();
  const consumer = kafka.consumer({ groupId: uniqueName('bench-bare') });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: false });
  const seen = new Map<string, number>();
  await consumer.run({
    eachMessage: async ({ message }) => void seen.set(message.value!.toString(), performance.now()),
  });
  await eventually(
    async () => {
      await producer.send({ topic, messages: [{ key: 'warm', value: `warm-${randomUUID()}` }] });
      return seen.size > 0;
    },
    { what: 'the consumer assigned', timeoutMs: 30000, intervalMs: 500 },
  );
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const value = randomUUID();
    const sent = performance.now();
    await producer.send({ topic, acks: -1, messages: [{ key: value, value }] });
    await timeUntil(async () => seen.has(value));
    samples.push(seen.get(value)! - sent);
  }
  await consumer.disconnect();
  await producer.disconnect();
  return samples;
}

/**
 * From an approval's answer to its contact-log entry being readable through the API, over
 * 200 approvals, beside the bare Kafka produce-to-consume time measured in the same run.
 */
export async function contactLogBench() {
  const infra = await benchInfra();
  const count = Number(process.env.BENCH_APPROVALS ?? 200);
  const stack = await startStack({ infra });
  try {
    const admin = await adminAccount(stack);
    const employer = await seedEmployer(stack);
    process.stdout.write(`seeding ${count} candidates and requests…\n`);
    const requestIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const candidate = await seedCandidate(stack, { fullName: `Bench Candidate ${i}` });
      requestIds.push(
        await eventually(
          async () => {
            const answer = await call(`${stack.api}/employer/request-candidate`, {
              token: employer.token,
              body: { jobSeekerId: candidate.candidateId },
            });
            return answer.status === 201 ? (answer.body.request.id as string) : undefined;
          },
          { what: 'request accepted', timeoutMs: 30000 },
        ),
      );
    }
    const logged = async (requestId: string) => {
      const answer = await call(`${stack.api}/admin/contact-logs`, { token: admin.token });
      return ZContactLogsAnswer.parse(answer.body).logs.some((log) => log.request_id === requestId);
    };
    const readCost: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await logged(requestIds[0]!);
      readCost.push(performance.now() - started);
    }
    const latencies: number[] = [];
    for (const id of requestIds) {
      const answer = await call(`${stack.api}/admin/requests/${id}`, {
        method: 'PUT',
        token: admin.token,
        body: { status: 'approved' },
      });
      if (answer.status !== 200) throw new Error(`approval failed: ${answer.status} ${answer.text}`);
      latencies.push(await timeUntil(() => logged(id)));
    }
    const bare = await bareKafka(infra.kafkaBrokers, count);
    const pipeline = summary(latencies);
    const broker = summary(bare);
    const reading = summary(readCost);
    printTable(`Approval to readable contact-log entry (${count} approvals)`, [
      {
        measure: 'approval answer → entry readable via GET /api/admin/contact-logs',
        p50: ms(pipeline.p50),
        p95: ms(pipeline.p95),
        mean: ms(pipeline.mean),
      },
      {
        measure: 'bare Kafka produce → consume (same broker, same run)',
        p50: ms(broker.p50),
        p95: ms(broker.p95),
        mean: ms(broker.mean),
      },
      {
        measure: 'one read of the contact log (the polling step)',
        p50: ms(reading.p50),
        p95: ms(reading.p95),
        mean: ms(reading.mean),
      },
    ]);
    process.stdout.write(
      `\np95 ${ms(pipeline.p95)} (target < 1 s: ${pipeline.p95 < 1000 ? 'met' : 'MISSED'}); ${(pipeline.p95 / broker.p95).toFixed(2)}x the bare p95 (target < 3x: ${pipeline.p95 < 3 * broker.p95 ? 'met' : 'MISSED'})\n`,
    );
    process.stdout.write(
      `saved ${saveResult('contact-log', { pipeline, broker, reading, latencies, bare })}\n`,
    );
  } finally {
    await stack.close();
  }
}
