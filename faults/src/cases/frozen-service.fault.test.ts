import {
  call,
  registerAccount,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  sleep,
  type TestAccount,
} from '@meritmatch/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyProcessReady, type FaultStack, report } from '../support';

type Timed = { status: number; ms: number; message?: string };

const timedCall = async (work: () => ReturnType<typeof call>): Promise<Timed> => {
  const started = performance.now();
  const answer = await work();
  return {
    status: answer.status,
    ms: performance.now() - started,
    message: (answer.body as { message?: string } | undefined)?.message,
  };
};

const breakerState = async (stack: Stack, area: string) => {
  const metrics = await fetch(`${stack.url('gateway')}/metrics`).then((answer) => answer.text());
  const line = metrics
    .split('\n')
    .find((row) => row.startsWith(`gateway_upstream_breaker_state{area="${area}"`));
  return Number(line?.split(' ').at(-1));
};

/**
 * A frozen process (SIGSTOP: its socket accepts, nothing comes back), not a closed port. Before,
 * the gateway's breaker never opened on time-outs (16 of 16 calls to a frozen profile service
 * waited 5 s each, the breaker gauge stayed 0), and a sign-in waited 10 s for a frozen auth
 * service. Now the gateway learns within about a second that the service does not answer: its
 * breaker opens, waiting calls are let go with a 503 that says to try again, later ones are
 * answered at once, and it closes as soon as the service answers again.
 */
export function frozenService(product: FaultStack) {
  describe('a frozen service behind the gateway', () => {
    let stack: Stack;
    let seekers: SeededCandidate[];
    let employer: TestAccount;

    beforeAll(async () => {
      ({ stack } = product);
      await everyProcessReady(stack);
      seekers = await Promise.all(Array.from({ length: 4 }, () => seedCandidate(stack)));
      employer = await registerAccount(stack, 'employer');
    }, 240000);

    // 12 s: longer than the breaker's 5 s before a trial call, twice
    it('opens the breaker of a frozen profile service: four job seekers calling for 12 s wait a second at most', async () => {
      const seen: Timed[] = [];
      let open = 0;
      stack.freeze('profile');
      report('profile frozen (SIGSTOP) for 12 s');
      try {
        const until = performance.now() + 12000;
        const seeker = async (account: SeededCandidate) => {
          while (performance.now() < until) {
            seen.push(
              await timedCall(() => call(`${stack.api}/job-seeker/profile`, { token: account.token })),
            );
            await sleep(250);
          }
        };
        await Promise.all([
          ...seekers.map(seeker),
          (async () => {
            await sleep(5000);
            open = await breakerState(stack, 'profile');
          })(),
        ]);
      } finally {
        stack.thaw('profile');
        report('profile thawed (SIGCONT)');
      }
      const slowest = Math.max(...seen.map((answer) => answer.ms));
      const statuses = [...new Set(seen.map((answer) => answer.status))];
      report(
        `${seen.length} calls to the frozen profile service: statuses ${statuses.join(', ')}, ` +
          `the slowest ${Math.round(slowest)} ms, the breaker gauge ${open} after 5 s`,
      );
      expect(statuses).toEqual([503]);
      expect(open).toBe(2);
      // the time-out is 5 s: no caller waits for it
      expect(slowest).toBeLessThan(3000);
      // the answers after the first second come at once
      expect(seen.filter((answer) => answer.ms > 1000).length).toBeLessThanOrEqual(4);
      expect(seen[seen.length - 1]?.message).toBe(
        'The profile service is unavailable; please try again shortly',
      );

      // it answers again: so does the area, within a second or two
      const thawed = performance.now();
      await expect
        .poll(
          async () => (await call(`${stack.api}/job-seeker/profile`, { token: seekers[0]!.token })).status,
          {
            timeout: 10000,
            interval: 100,
          },
        )
        .toBe(200);
      report(`profile answered 200 again ${Math.round(performance.now() - thawed)} ms after the thaw`);
    }, 120000);

    it('answers a sign-in in about a second with a 503 that says to try again while auth is frozen; tokens keep working elsewhere', async () => {
      const seeker = seekers[1]!;
      stack.freeze('auth');
      report('auth frozen (SIGSTOP)');
      const logins: Timed[] = [];
      let me: Timed;
      let profile: Timed;
      try {
        for (let i = 0; i < 3; i++) {
          logins.push(
            await timedCall(() =>
              call(`${stack.api}/auth/login`, { body: { email: seeker.email, password: seeker.password } }),
            ),
          );
        }
        me = await timedCall(() => call(`${stack.api}/auth/me`, { token: seeker.token }));
        // a token is checked by every process itself: the profile needs no call to auth
        profile = await timedCall(() => call(`${stack.api}/job-seeker/profile`, { token: seeker.token }));
      } finally {
        stack.thaw('auth');
        report('auth thawed (SIGCONT)');
      }
      report(
        `with auth frozen: 3 sign-ins answered ${logins.map((l) => `${l.status} in ${Math.round(l.ms)} ms`).join(', ')}; ` +
          `/auth/me ${me.status} in ${Math.round(me.ms)} ms; a profile read ${profile.status} in ${Math.round(profile.ms)} ms`,
      );
      for (const login of logins) {
        expect(login.status).toBe(503);
        expect(login.message).toMatch(/try again/);
        // the time-out of a sign-in is 10 s
        expect(login.ms).toBeLessThan(3000);
      }
      expect(me.status).toBe(503);
      expect(me.ms).toBeLessThan(3000);
      expect(profile.status).toBe(200);
      await expect
        .poll(
          async () =>
            (
              await call(`${stack.api}/auth/login`, {
                body: { email: employer.email, password: employer.password },
              })
            ).status,
          { timeout: 10000, interval: 100 },
        )
        .toBe(200);
    }, 120000);
  });
}
