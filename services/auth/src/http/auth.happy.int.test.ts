import { readdirSync, readFileSync } from 'node:fs';
import { registerAccount, type Stack, signIn, startStack } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashingNice } from '../workers/passwords';

/** The nice value of each thread of process `pid`, by thread id (Linux: per thread). */
const niceOfThreads = (pid: number) =>
  new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return [Number(tid), Number(fields[16])] as const;
    }),
  );

/** The hashing threads of a running auth process (the routes' own cases: auth-happy.routes.test.ts). */
describe('password hashing in a running auth process', () => {
  let stack: Stack;
  /** The nice values of auth's hashing threads right after its start, before any test signs up or in. */
  let hashingAtStart: number[];
  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'gateway'] });
    // read here, not in the test: whatever order the tests run in, none has hashed yet
    hashingAtStart = [...niceOfThreads(stack.pid('auth') as number).values()].filter(
      (value) => value === hashingNice,
    );
  });
  afterAll(() => stack?.close());

  it('idles without a hashing thread once the first admin is written at start', () => {
    expect(hashingAtStart).toEqual([]);
  });

  it('hashes passwords on threads of lower priority than the event loop', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    expect((await signIn(stack, account.email, account.password)).status).toBe(200);
    const pid = stack.pid('auth');
    expect(pid).toBeGreaterThan(0);
    const nice = niceOfThreads(pid as number);
    // the main thread runs the event loop at the process's priority; the hashing threads below it
    expect(nice.get(pid as number)).toBe(0);
    const hashing = [...nice.values()].filter((value) => value === hashingNice);
    expect(hashing.length).toBeGreaterThan(0);
  });
});
