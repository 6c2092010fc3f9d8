import {
  adminAccount,
  backendProcesses,
  call,
  eventually,
  readContactLog,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  sleep,
  type TestAccount,
} from '@meritmatch/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyProcessReady, type FaultStack, report } from '../support';

/**
 * The database frozen during admin decisions. Each answer comes within the gateway's time
 * limit and is a success, a failure that changed nothing ("not carried out": no process
 * finishes the work after its caller gave up), or, when the write had already been sent
 * before the stall, "not confirmed" (it may land after the thaw: FerretDB has no server-side
 * clock to refuse it). Never a plain failure that was applied. A retry with the same
 * idempotency key then answers the decision, applied exactly once.
 *
 * Six decisions, on six requests, are sent 0 to 40 ms before one freeze, so that it meets
 * each in another phase of its work; one freeze serves them all.
 */
export function databaseStall(product: FaultStack) {
  describe('decisions while the database is frozen', () => {
    let infra: FaultStack['infra'];
    let stack: Stack;
    let admin: TestAccount;
    let employer: TestAccount;

    beforeAll(async () => {
      // the stack logs at info: every request's line is in its logs (their folder is in a failure's message)
      ({ infra, stack } = product);
      await everyProcessReady(stack);
      admin = await adminAccount(stack);
      employer = await seedEmployer(stack);
    }, 240000);

    const newRequest = async () =>
      seedMatchRequest(stack, employer, (await seedCandidate(stack)).candidateId);
    const statusOf = async (id: string) =>
      (
        await call(`${stack.api}/admin/requests?status=approved&limit=100`, { token: admin.token })
      ).body.requests.some((request: { id: string }) => request.id === id)
        ? 'approved'
        : 'not approved';
    const approve = (id: string, key: string) =>
      call(`${stack.api}/admin/requests/${id}`, {
        method: 'PUT',
        token: admin.token,
        body: { status: 'approved', adminNotes: 'during a database stall' },
        headers: { 'idempotency-key': key },
      });
    const entriesFor = async (id: string) =>
      (await readContactLog(stack.api, admin.token)).filter((log) => log.request_id === id);

    it('answers in time with a failure that changed nothing; the retry applies it once', async () => {
      const delays = [0, 2, 5, 10, 20, 40];
      const requests = await Promise.all(delays.map(() => newRequest()));
      const longest = Math.max(...delays);

      // each decision is sent `delayMs` before the freeze (the timers of one length fire in order)
      const answering = delays.map(async (delayMs, i) => {
        await sleep(longest - delayMs);
        const sent = Date.now();
        const answer = await approve(requests[i]!, `stall-${requests[i]}`);
        return { answer, took: Date.now() - sent };
      });
      await sleep(longest);
      infra.freezeDatabase(true);
      let answered: Array<{ answer: Awaited<ReturnType<typeof approve>>; took: number }>;
      try {
        answered = await Promise.all(answering);
      } finally {
        // keep it frozen long after the answers: a write finished late would show after the thaw
        await sleep(8000);
        infra.freezeDatabase(false);
      }
      await sleep(3000);

      const outcomes: string[] = [];
      /** How long after the thaw (and the 3 s pause) each retry with its key was answered 200. */
      const retriesTook: number[] = [];
      // the six are checked and retried side by side, as six admins would
      await Promise.all(
        delays.map(async (_, i) => {
          const id = requests[i]!;
          const key = `stall-${id}`;
          const { answer, took } = answered[i]!;
          expect(took).toBeLessThan(7000);
          const after = await eventually(async () => statusOf(id), {
            what: 'the request readable again',
            timeoutMs: 30000,
          });
          // a failure is either "not carried out" (nothing changed), or "not confirmed": the write was
          // sent before the stall and may have landed; then only the retry with its key tells
          const unconfirmed = (answer.body?.details ?? []).some(
            (detail: { path: string; message: string }) =>
              detail.path === 'outcome' && detail.message === 'unknown',
          );
          if (answer.status === 200) {
            expect(after).toBe('approved');
          } else {
            expect([503, 504]).toContain(answer.status);
            if (!unconfirmed)
              expect(after, `${answer.status} ${JSON.stringify(answer.body)} after ${took} ms`).toBe(
                'not approved',
              );
          }
          const kind = answer.status === 200 ? 'applied' : unconfirmed ? 'not confirmed' : 'not carried out';
          outcomes[i] =
            `${answer.status} ${kind} in ${took} ms${unconfirmed ? `, ${after} after the thaw` : ''}`;

          // a refusal is thrown, so that a retry that never succeeds names the last answers it got,
          // with what the gateway and each service said of themselves then
          const retried: string[] = [];
          const retryFrom = Date.now();
          const retry = await eventually(
            async () => {
              const again = await approve(id, key);
              retried.push(
                `${again.status} after ${Date.now() - retryFrom} ms (${again.headers.get('x-request-id')}): ${again.text.slice(0, 160)}`,
              );
              if (again.status !== 200)
                throw new Error(`last answer ${again.status} ${JSON.stringify(again.body)}`);
              return again;
            },
            {
              what: 'the retry with the same key',
              timeoutMs: 30000,
              seen: async () => ({
                logs: stack.logDir,
                retries: retried.slice(-5),
                ready: await Promise.all(
                  backendProcesses.map(async (name) => {
                    const ready = await fetch(`${stack.url(name as 'auth')}/ready`, {
                      signal: AbortSignal.timeout(1000),
                    })
                      .then(async (answer) => `${answer.status} ${(await answer.text()).slice(0, 200)}`)
                      .catch(() => 'no answer within 1 s');
                    return `${name}: ${ready}`;
                  }),
                ),
              }),
            },
          );
          retriesTook[i] = Date.now() - retryFrom;
          expect(retry.body.request.status).toBe('approved');
          await eventually(async () => (await entriesFor(id)).length === 1, {
            what: 'one contact-log entry',
          });
        }),
      );
      // an entry doubled would show up now
      await sleep(1500);
      for (const id of requests) expect(await entriesFor(id)).toHaveLength(1);
      report(
        `database frozen 0-40 ms after six decisions were sent; answers by freeze delay ${JSON.stringify(Object.fromEntries(delays.map((delayMs, i) => [`${delayMs} ms`, outcomes[i]])))}; ` +
          "every 'not carried out' changed nothing, every retry with its key applied the decision once, " +
          `answered 200 ${retriesTook.join(', ')} ms after it was first sent`,
      );
    }, 400000);
  });
}
