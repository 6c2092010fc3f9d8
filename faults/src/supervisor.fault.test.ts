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
      restart: { maxRestarts: 3, windowMs: 120000, baseDelayMs: 200, report: (line) => said.push(line) },
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

  it('has a killed admin service ready again in seconds, its consumers rejoining in the background', async () => {
    stack.signal('admin', 'SIGKILL');
    const killed = Date.now();
    // its /ready: 200 once it serves; "degraded" while its consumers wait for the broker to drop the
    // dead member of their groups (the session time-out, 10 s), which held it unready for 10 s before
    const ready = await eventually(
      async () => {
        const answer = await fetch(`${stack.url('admin')}/ready`).catch(() => undefined);
        return answer?.ok ? ((await answer.json()) as { status: string }) : undefined;
      },
      { what: 'admin ready', timeoutMs: 30000, intervalMs: 100 },
    );
    const readyAfter = Date.now() - killed;
    await eventually(
      async () =>
        ((await (await fetch(`${stack.url('admin')}/ready`)).json()) as { status: string }).status ===
        'ready',
      { what: 'admin consumers running', timeoutMs: 60000, intervalMs: 250 },
    );
    report(
      `admin killed with SIGKILL: ready (${ready.status}) after ${(readyAfter / 1000).toFixed(1)} s, ` +
        `its consumers running after ${((Date.now() - killed) / 1000).toFixed(1)} s`,
    );
    expect(readyAfter).toBeLessThan(8000);
  }, 120000);

  it('gives up, saying so, on a process that keeps dying', async () => {
    // one crash of admin came before (the test above): three more within the window
    const crashes = () => said.filter((line) => line.startsWith('admin exited')).length;
    for (let kill = 2; kill <= 4; kill++) {
      await eventually(async () => (await fetch(`${stack.url('admin')}/ready`)).ok, {
        what: 'admin up',
        timeoutMs: 60000,
      });
      stack.signal('admin', 'SIGKILL');
      await eventually(() => crashes() >= kill, { what: `crash ${kill} noticed` });
    }
    const line = said.find((entry) =>
      /^admin exited .* 4 times within 120 s; not restarting it again/.test(entry),
    );
    report(`after four SIGKILLs of admin within two minutes the supervisor said: "${line}"`);
    expect(line).toBeDefined();
    expect((await fetch(`${stack.url('admin')}/health`).catch(() => undefined))?.ok ?? false).toBe(false);
  }, 180000);
});
