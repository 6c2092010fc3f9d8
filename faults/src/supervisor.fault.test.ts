import { call, eventually, type Stack, seedCandidate, startStack } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { report } from './support';

/** `npm start`'s supervisor: a killed service is back and serving within 10 s, and one that keeps dying is given up loudly. */
describe('the supervisor restarts what dies', () => {
  let stack: Stack;
  const said: string[] = [];

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      // what npm start runs: the built JavaScript (turbo builds it before the tests)
      build: 'production',
      restart: { maxRestarts: 2, windowMs: 120000, baseDelayMs: 200, report: (line) => said.push(line) },
    });
  }, 240000);
  afterAll(async () => {
    await stack?.close();
  }, 120000);

  it('brings a service killed with SIGKILL back, serving, within 10 s', async () => {
    const seeker = await seedCandidate(stack);
    stack.signal('profile', 'SIGKILL');
    const killed = Date.now();
    await eventually(
      async () => (await call(`${stack.api}/job-seeker/profile`, { token: seeker.token })).status === 200,
      { what: 'the profile service serving again', timeoutMs: 10000, intervalMs: 100 },
    );
    const back = Date.now() - killed;
    report(`profile killed with SIGKILL; serving again after ${(back / 1000).toFixed(1)} s`);
    expect(said.some((line) => /^profile exited \(SIGKILL\); restarting it in \d+ ms/.test(line))).toBe(true);
  });

  it('gives up, saying so, on a process that keeps dying', async () => {
    const crashes = () => said.filter((line) => line.startsWith('admin exited')).length;
    for (let kill = 1; kill <= 3; kill++) {
      await eventually(async () => (await fetch(`${stack.url('admin')}/ready`)).ok, {
        what: 'admin up',
        timeoutMs: 60000,
      });
      stack.signal('admin', 'SIGKILL');
      await eventually(() => crashes() >= kill, { what: `crash ${kill} noticed` });
    }
    const line = said.find((entry) =>
      /^admin exited .* 3 times within 120 s; not restarting it again/.test(entry),
    );
    report(`after three SIGKILLs of admin within two minutes the supervisor said: "${line}"`);
    expect(line).toBeDefined();
    expect((await fetch(`${stack.url('admin')}/health`).catch(() => undefined))?.ok ?? false).toBe(false);
  }, 180000);
});
