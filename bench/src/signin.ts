import { passwordHashing } from '@meritmatch/auth/password-hashing';
import { call, registerAccount, startStack } from '@meritmatch/testkit';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { cpuSeconds } from './process-stats';
import { percentile, printTable, saveResult } from './report';
import { atLeast, atMost, type BenchCase, type Outcome } from './suite/outcome';
import { benchInfra, infraAndLoadPids, ms, productionBuild, summary, timeIt } from './support';

const password = 'benchmark-password-1';

/** Runs `total` calls of `work` from `concurrency` callers at once; answers the rate and latencies. */
async function atConcurrency(concurrency: number, total: number, work: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        latencies.push((await timeIt(() => work(i))).ms);
      }
    }),
  );
  return { perSecond: total / ((performance.now() - started) / 1000), ...summary(latencies) };
}

/** Calls `url` one after another, every `everyMs`, until `stop()`; answers the latencies. */
function probe(url: string, everyMs = 20) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(url);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    running = false;
    await done;
    return latencies;
  };
}

/**
 * Sign-in through the gateway at 2, 8 and 32 callers against the bare password hash (argon2id,
 * the same parameters) at the same concurrency, all in one run: the hash is the cost by design,
 * so sign-in should come close to the hash rate. Meanwhile the auth service's `/health` is
 * called every 20 ms: under that load its p99 should stay within 2x its idle p99.
 */
export const signInBench: BenchCase = async ({ quick }) => {
  productionBuild();
  const infra = await benchInfra();
  const levels = [2, 8, 32];
  const total = quick ? 64 : 256;
  const stack = await startStack({
    infra,
    processes: ['auth', 'gateway'],
    build: 'production',
    extraEnv: {
      auth: { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000' },
      gateway: { RATE_LIMIT_MULTIPLIER: '100000' },
    },
  });
  try {
    const accounts: Awaited<ReturnType<typeof registerAccount>>[] = [];
    for (let i = 0; i < 32; i++)
      accounts.push(await registerAccount(stack, 'job_seeker', undefined, password));
    const signIn = async (i: number) => {
      const answer = await call(`${stack.api}/auth/login`, {
        body: { email: accounts[i % accounts.length]!.email, password },
      });
      if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
    };
    // the peer: the library's own verify with the service's parameters, on libuv's threads
    const hash = await argon2Hash(password, passwordHashing);
    const bareVerify = () => argon2Verify(hash, password);
    for (let i = 0; i < 10; i++) await Promise.all([bareVerify(), signIn(i)]);

    const health = `${stack.url('auth')}/health`;
    const stopIdle = probe(health);
    await new Promise((resolve) => setTimeout(resolve, quick ? 2000 : 5000));
    const idle = await stopIdle();

    const rows = [];
    const outcomes: Outcome[] = [];
    const underLoad: number[] = [];
    // where a sign-in's CPU goes: the auth service's main thread and the rest of it (the hashing
    // threads), the gateway, FerretDB, Kafka and this process (the callers and the /health probe)
    const auth = stack.pid('auth')!;
    const meters = {
      'auth hashing threads': () => cpuSeconds(auth) - cpuSeconds(auth, { mainThread: true }),
      'auth main thread': () => cpuSeconds(auth, { mainThread: true }),
      ...Object.fromEntries(
        Object.entries({ gateway: stack.pid('gateway')!, ...infraAndLoadPids(infra) }).map(([name, pid]) => [
          name,
          () => cpuSeconds(pid),
        ]),
      ),
    };
    const readCpu = () => Object.fromEntries(Object.entries(meters).map(([name, read]) => [name, read()]));
    const cpuRows: Array<Record<string, string | number>> = [];
    for (const concurrency of levels) {
      const bareCpu = process.cpuUsage();
      const bare = await atConcurrency(concurrency, total, bareVerify);
      const bareUsage = process.cpuUsage(bareCpu);
      const stopProbe = probe(health);
      const cpuBefore = readCpu();
      const signIns = await atConcurrency(concurrency, total, signIn);
      const cpuAfter = readCpu();
      const healthLatencies = await stopProbe();
      const perSignIn = Object.fromEntries(
        Object.keys(meters).map((name) => [name, ((cpuAfter[name]! - cpuBefore[name]!) * 1000) / total]),
      );
      const allMs = Object.values(perSignIn).reduce((sum, value) => sum + value, 0);
      cpuRows.push({
        callers: concurrency,
        'bare verify': ((bareUsage.user + bareUsage.system) / 1000 / total).toFixed(1),
        ...Object.fromEntries(Object.entries(perSignIn).map(([name, value]) => [name, value.toFixed(1)])),
        'sign-in in all': allMs.toFixed(1),
        'most a second on 2 cores': ((2 * 1000) / allMs).toFixed(1),
      });
      underLoad.push(...healthLatencies);
      rows.push(
        {
          measure: 'bare argon2id verify (in process)',
          concurrency,
          p50: ms(bare.p50),
          p95: ms(bare.p95),
          'per second': bare.perSecond.toFixed(1),
        },
        {
          measure: 'sign-in through the gateway',
          concurrency,
          p50: ms(signIns.p50),
          p95: ms(signIns.p95),
          'per second': signIns.perSecond.toFixed(1),
        },
        {
          measure: 'auth /health meanwhile',
          concurrency,
          p50: ms(percentile(healthLatencies, 50)),
          p95: `${ms(percentile(healthLatencies, 99))} (p99)`,
          'per second': '',
        },
      );
      outcomes.push(
        atLeast(
          {
            case: 'sign-in vs bare hash',
            size: `${concurrency} callers`,
            figure: `${signIns.perSecond.toFixed(1)}/s`,
            peer: `hash ${bare.perSecond.toFixed(1)}/s`,
          },
          signIns.perSecond,
          bare.perSecond,
          0.85,
        ),
      );
    }
    const idleP99 = percentile(idle, 99);
    const loadP99 = percentile(underLoad, 99);
    outcomes.push(
      atMost(
        {
          case: 'auth /health p99 under sign-in load',
          size: '2-32 callers',
          figure: ms(loadP99),
          peer: `idle ${ms(idleP99)}`,
        },
        loadP99,
        idleP99,
        2,
      ),
    );
    printTable('Sign-in against the bare hash at the same concurrency (argon2id, 19 MiB, t=2, p=1)', rows);
    printTable(
      'CPU a sign-in costs (ms) in each process, against a bare verify in this process; the most sign-ins that CPU allows',
      cpuRows,
    );
    process.stdout.write(`saved ${saveResult('signin', { rows, cpu: cpuRows, idleP99, loadP99 })}\n`);
    return outcomes;
  } finally {
    await stack.close();
  }
};
