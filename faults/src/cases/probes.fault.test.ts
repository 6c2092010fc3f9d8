import { backendProcesses, type Stack, sleep } from '@meritmatch/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyProcessReady, type FaultStack, report } from '../support';

type Probe = { name: string; path: string; status: number | 'no answer'; ms: number; body: string };

/**
 * Health checkers give a probe a second (Kubernetes' default time-out; compose's checks here).
 * Before, `/ready` of every service did not answer within 1.5 s for as long as Kafka or the
 * database was frozen, so a checker saw every instance dead at once. Now `/health` and `/ready`
 * answer within a second whatever is stalled, from state kept in the background, and `/ready`
 * names the cause: Kafka degraded (200), the database not ready (503).
 */
export function probesWhileFrozen(product: FaultStack) {
  describe('probes while Kafka, then the database, is frozen', () => {
    let infra: FaultStack['infra'];
    let stack: Stack;

    beforeAll(async () => {
      ({ infra, stack } = product);
      await everyProcessReady(stack);
    }, 240000);

    /** Every process's `/health` and `/ready`, each asked with a one-second time-out, all at once. */
    const probeAll = () =>
      Promise.all(
        backendProcesses.flatMap((name) =>
          ['/health', '/ready'].map(async (path): Promise<Probe> => {
            const started = performance.now();
            try {
              const answer = await fetch(`${stack.url(name as 'auth')}${path}`, {
                signal: AbortSignal.timeout(1000),
              });
              return {
                name,
                path,
                status: answer.status,
                ms: performance.now() - started,
                body: await answer.text(),
              };
            } catch {
              return { name, path, status: 'no answer', ms: performance.now() - started, body: '' };
            }
          }),
        ),
      );

    /** Probes every 500 ms for `ms` while `what` is frozen; answers every probe made. */
    const probeWhileFrozen = async (what: string, freeze: (paused: boolean) => void, ms: number) => {
      const probes: Array<Probe & { at: number }> = [];
      freeze(true);
      report(`${what} frozen (SIGSTOP) for ${ms / 1000} s`);
      const frozenAt = performance.now();
      try {
        while (performance.now() - frozenAt < ms) {
          const at = performance.now() - frozenAt;
          probes.push(...(await probeAll()).map((probe) => ({ ...probe, at })));
          await sleep(500);
        }
      } finally {
        freeze(false);
        report(`${what} thawed (SIGCONT)`);
      }
      const unanswered = probes.filter((probe) => probe.status === 'no answer');
      const slowest = Math.max(...probes.map((probe) => probe.ms));
      report(
        `${probes.length} probes while ${what} was frozen: ${unanswered.length} without an answer within 1 s, the slowest ${Math.round(slowest)} ms`,
      );
      expect(unanswered.map(({ name, path, at }) => `${name}${path} at ${Math.round(at)} ms`)).toEqual([]);
      return probes;
    };

    const readyOf = (probes: Array<Probe & { at: number }>, name: string, after: number) =>
      probes.filter((probe) => probe.name === name && probe.path === '/ready' && probe.at > after);

    it('answers every probe within a second while Kafka is frozen, naming Kafka as degraded', async () => {
      // the readiness checks run every second with a half-second time-out: 3 s in, every /ready knows
      const probes = await probeWhileFrozen('Kafka', infra.freezeKafka, 7000);
      for (const name of backendProcesses) {
        // once the broker's silence is longer than the check's time-out, every /ready says so
        const late = readyOf(probes, name, 3000);
        expect(late.length).toBeGreaterThan(0);
        for (const probe of late) {
          expect({ name, status: probe.status }).toEqual({ name, status: 200 });
          const body = JSON.parse(probe.body) as { status: string; details?: Array<{ path: string }> };
          expect(body.status).toBe('degraded');
          expect(body.details?.map((detail) => detail.path)).toContain('kafka');
        }
      }
    }, 120000);

    it('answers every probe within a second while the database is frozen: services not ready, naming it', async () => {
      const probes = await probeWhileFrozen('the database', infra.freezeDatabase, 5000);
      for (const name of backendProcesses.filter((process) => process !== 'gateway')) {
        const late = readyOf(probes, name, 2000);
        expect(late.length).toBeGreaterThan(0);
        for (const probe of late) {
          expect({ name, status: probe.status }).toEqual({ name, status: 503 });
          const body = JSON.parse(probe.body) as { details: Array<{ path: string }> };
          expect(body.details.map((detail) => detail.path)).toContain('mongodb');
        }
      }
      // every process is ready again once it answers
      for (const name of backendProcesses) {
        await expect
          .poll(async () => (await fetch(`${stack.url(name as 'auth')}/ready`)).status, { timeout: 30000 })
          .toBe(200);
      }
    }, 120000);
  });
}
