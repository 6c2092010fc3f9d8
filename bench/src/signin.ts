import { hashPassword, verifyPassword } from '@meritmatch/auth/password-hashing';
import { call, registerAccount, startStack } from '@meritmatch/testkit';
import { printTable, saveResult } from './report';
import { benchInfra, ms, summary, timeIt } from './support';

const password = 'benchmark-password-1';

/**
 * Sign-in through the gateway against the bare cost of the password hash measured in the
 * same run: the argon2id parameters are a visible trade-off between guessing cost and
 * how many sign-ins two cores can serve.
 */
export async function signInBench() {
  const infra = await benchInfra();
  const stack = await startStack({
    infra,
    processes: ['auth', 'gateway'],
    extraEnv: {
      auth: { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000' },
    },
  });
  try {
    const accounts: Awaited<ReturnType<typeof registerAccount>>[] = [];
    for (let i = 0; i < 16; i++)
      accounts.push(await registerAccount(stack, 'job_seeker', undefined, password));

    const hash = await hashPassword(password);
    for (let i = 0; i < 5; i++) await verifyPassword(hash, password);
    const bare: number[] = [];
    for (let i = 0; i < 60; i++) bare.push((await timeIt(() => verifyPassword(hash, password))).ms);

    const signIn = (i: number) =>
      call(`${stack.api}/auth/login`, { body: { email: accounts[i % accounts.length]!.email, password } });
    for (let i = 0; i < 10; i++) await signIn(i);
    const sequential: number[] = [];
    for (let i = 0; i < 60; i++) {
      const { ms: took, value } = await timeIt(() => signIn(i));
      if (value.status !== 200) throw new Error(`sign-in failed: ${value.status} ${value.text}`);
      sequential.push(took);
    }

    const rows = [];
    const bareStats = summary(bare);
    rows.push({
      measure: 'bare argon2id verify (in process)',
      concurrency: 1,
      p50: ms(bareStats.p50),
      p95: ms(bareStats.p95),
      'per second': (1000 / bareStats.mean).toFixed(1),
    });
    const seqStats = summary(sequential);
    rows.push({
      measure: 'sign-in through the gateway',
      concurrency: 1,
      p50: ms(seqStats.p50),
      p95: ms(seqStats.p95),
      'per second': (1000 / seqStats.mean).toFixed(1),
    });
    for (const concurrency of [4, 16]) {
      const latencies: number[] = [];
      let next = 0;
      const total = 120;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < total) {
            const i = next++;
            latencies.push((await timeIt(() => signIn(i))).ms);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const stats = summary(latencies);
      rows.push({
        measure: 'sign-in through the gateway',
        concurrency,
        p50: ms(stats.p50),
        p95: ms(stats.p95),
        'per second': (total / seconds).toFixed(1),
      });
    }
    printTable(
      'Sign-in: throughput and latency against the bare hash cost (argon2id, 19 MiB, t=2, p=1)',
      rows,
    );
    process.stdout.write(
      `\nsequential sign-in costs ${(seqStats.p50 / bareStats.p50).toFixed(2)}x the bare hash at p50; the hash is ${((bareStats.p50 / seqStats.p50) * 100).toFixed(0)}% of a sign-in\n`,
    );
    process.stdout.write(`saved ${saveResult('signin', { rows })}\n`);
  } finally {
    await stack.close();
  }
}
