import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ContactLogEntry } from '@meritmatch/contracts';
import {
  type InfraProfile,
  infraProfile,
  pauseFerretDB,
  pauseKafka,
  startFerretDB,
  startKafka,
  stopFerretDB,
  stopKafka,
} from '@meritmatch/infra';
import {
  adminAccount,
  backendProcesses,
  call,
  eventually,
  type JsonAnswer,
  readContactLog,
  reservePort,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  sleep,
  startStack,
  type TestAccount,
  uniqueName,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, inject } from 'vitest';

/** What a fault test did and counted, one line each, so the test command's output tells the story. */
export const report = (line: string) => process.stdout.write(`[fault] ${line}\n`);

/** A Kafka (and, if asked, a FerretDB) of the test's own: freezing them disturbs no other test. */
export async function ownInfra({ database = false } = {}) {
  const profile: InfraProfile = infraProfile(uniqueName('fault'));
  profile.kafkaPort = await reservePort();
  profile.kafkaControllerPort = await reservePort();
  if (database) profile.mongoPort = await reservePort();
  await Promise.all([startKafka(profile), database ? startFerretDB(profile) : undefined]);
  return {
    profile,
    kafkaBrokers: `127.0.0.1:${profile.kafkaPort}`,
    mongoUrl: `mongodb://127.0.0.1:${profile.mongoPort}`,
    freezeKafka: (paused: boolean) => pauseKafka(profile, paused),
    freezeDatabase: (paused: boolean) => pauseFerretDB(profile, paused),
    async stop() {
      // a frozen process cannot stop: thaw first
      for (const thaw of [() => pauseKafka(profile, false), () => pauseFerretDB(profile, false)]) {
        try {
          thaw();
        } catch {
          // not running
        }
      }
      await stopKafka(profile);
      if (database) await stopFerretDB(profile);
      rmSync(profile.dir, { recursive: true, force: true });
    },
  };
}

/** The product's processes on a Kafka (and, if asked, a FerretDB) of their own, for a test to freeze. */
export async function ownStack({
  database = false,
  logLevel,
}: {
  database?: boolean;
  logLevel?: string;
} = {}) {
  const infra = await ownInfra({ database });
  const stack = await startStack({
    infra: {
      ...inject('infra'),
      kafkaBrokers: infra.kafkaBrokers,
      ...(database ? { mongoUrl: infra.mongoUrl } : {}),
    },
    ...(logLevel ? { logLevel } : {}),
  });
  return { infra, stack };
}

export type FaultStack = Awaited<ReturnType<typeof ownStack>>;

/**
 * One stack, on a Kafka and a FerretDB of its own, for every case of the describe block that
 * calls this: each case's fault ends with the product healthy, and a stack costs about 20 s to
 * start and stop. The object is filled in by the block's `beforeAll`.
 */
export function sharedStack(options: Parameters<typeof ownStack>[0] = {}): FaultStack {
  const shared = {} as FaultStack;
  beforeAll(async () => {
    const starting = Date.now();
    Object.assign(shared, await ownStack(options));
    report(
      `the shared stack, its Kafka and its FerretDB started in ${((Date.now() - starting) / 1000).toFixed(1)} s`,
    );
  }, 240000);
  afterAll(async () => {
    await shared.stack?.close();
    await shared.infra?.stop();
  }, 120000);
  return shared;
}

/**
 * Waits until every process's `/ready` says `ready` (every consumer back in its group): a case
 * on a shared stack starts from a settled product, whatever the case before it froze.
 */
export async function everyProcessReady(stack: Stack, timeoutMs = 90000) {
  for (const name of backendProcesses) {
    await eventually(
      async () => {
        const answer = await fetch(`${stack.url(name as 'auth')}/ready`, {
          signal: AbortSignal.timeout(1000),
        });
        return answer.ok && ((await answer.json()) as { status?: string }).status === 'ready';
      },
      { what: `${name} ready`, timeoutMs, intervalMs: 200 },
    );
  }
}

/**
 * How often each process's consumers heard from the broker that it had dropped them from their
 * group (kafkajs logs it at error level): a stall shows it was longer than the session time-out.
 */
export const droppedFromGroups = (stack: Stack) =>
  Object.fromEntries(
    backendProcesses.map((name) => {
      const log = join(stack.logDir, `${name}.log`);
      const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
      return [name, text.split('The coordinator is not aware of this member').length - 1];
    }),
  );

/**
 * `count` pending match requests of one employer, each for a new candidate; answers their ids.
 * Seeded side by side: each request waits until matching has heard of its candidate.
 */
export async function pendingRequests(
  stack: Stack,
  employer: TestAccount,
  count: number,
  name = 'Fault Candidate',
) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const candidate = await seedCandidate(stack, { fullName: `${name} ${i}` });
      return seedMatchRequest(stack, employer, candidate.candidateId);
    }),
  );
}

/** Once every process is ready: the admin, and `count` pending requests of a new employer to decide. */
export async function adminWithPendingRequests(stack: Stack, count: number, name?: string) {
  await everyProcessReady(stack);
  const admin = await adminAccount(stack);
  const requests = await pendingRequests(stack, await seedEmployer(stack), count, name);
  return { admin, requests };
}

/**
 * The contact log's entries of `requestIds` once there are at least `expected` of them. A wait
 * that fails says what the relays and the consumers of matching and admin hold, and what
 * `missing` finds in the last read.
 */
export async function contactLogReaching(
  stack: Stack,
  admin: TestAccount,
  requestIds: string[],
  expected: number,
  { timeoutMs, missing }: { timeoutMs: number; missing?: (read: ContactLogEntry[]) => string[] },
) {
  let lastRead: ContactLogEntry[] = [];
  return eventually(
    async () => {
      const entries = (await readContactLog(stack.api, admin.token)).filter((log) =>
        requestIds.includes(log.request_id),
      );
      lastRead = entries;
      return entries.length >= expected ? entries : undefined;
    },
    {
      what: 'every acknowledged decision in the contact log',
      timeoutMs,
      intervalMs: 1000,
      seen: async () => ({
        logs: stack.logDir,
        expected,
        read: lastRead.length,
        ...(missing ? { missing: missing(lastRead) } : {}),
        processes: await processDiagnostics(stack, ['matching', 'admin']),
      }),
    },
  );
}

/** Freezes something for `ms`, saying so, and always thaws it. */
export async function frozenFor(what: string, freeze: (paused: boolean) => void, ms: number) {
  report(`${what} frozen (SIGSTOP) for ${ms / 1000} s`);
  freeze(true);
  try {
    await sleep(ms);
  } finally {
    freeze(false);
    report(`${what} thawed (SIGCONT)`);
  }
}

export type CommandOutcome = { answer: JsonAnswer; attempts: number; key: string };

/**
 * Sends a command as a careful client does: with an idempotency key, and again with the
 * same key after an answer that says nothing about the outcome (503, 504, no answer), until
 * a definite answer or `giveUpMs`.
 */
export async function sendCommand(
  url: string,
  init: { method: string; token: string; body?: unknown },
  giveUpMs = 120000,
): Promise<CommandOutcome> {
  const key = randomUUID();
  const until = Date.now() + giveUpMs;
  for (let attempts = 1; ; attempts++) {
    let answer: JsonAnswer | undefined;
    try {
      answer = await call(url, { ...init, headers: { 'idempotency-key': key } });
    } catch {
      answer = undefined;
    }
    const unsure = !answer || answer.status === 503 || answer.status === 504 || answer.status === 429;
    if (answer && !unsure) return { answer, attempts, key };
    if (Date.now() > until) {
      const last = answer ? `${answer.status} ${answer.text.slice(0, 300)}` : 'no answer';
      throw new Error(
        `no definite answer for ${init.method} ${url} within ${giveUpMs} ms (${attempts} attempts, the last: ${last})`,
      );
    }
    await sleep(Math.min(250 * attempts, 2000));
  }
}

/** The metrics a failed wait for events shows: what the relays still hold and how the consumers stand. */
const watchedMetrics = [
  'outbox_pending_documents',
  'outbox_oldest_pending_age_seconds',
  'outbox_published_events_total',
  'kafka_consumer_lag',
  'kafka_consumer_running',
  'kafka_consumer_restarts_total',
  'kafka_events_handled_total',
];

/**
 * What the product's processes say of themselves, for a failed wait's message: each one's
 * `/ready` and the metric lines of its relay and consumers. It tells events that were not
 * published from events that were not read.
 */
export async function processDiagnostics(stack: Stack, names: string[]) {
  const fetchText = (url: string) =>
    fetch(url, { signal: AbortSignal.timeout(1000) })
      .then(async (answer) => `${answer.status} ${await answer.text()}`)
      .catch(() => 'no answer within 1 s');
  return Object.fromEntries(
    await Promise.all(
      names.map(async (name) => {
        const base = stack.url(name as 'auth');
        const [ready, metrics] = await Promise.all([
          fetchText(`${base}/ready`),
          fetchText(`${base}/metrics`),
        ]);
        const lines = metrics
          .split('\n')
          .filter((line) => watchedMetrics.some((metric) => line.startsWith(metric)) && !line.endsWith(' 0'));
        return [name, { ready: ready.slice(0, 400), metrics: lines }] as const;
      }),
    ),
  );
}
