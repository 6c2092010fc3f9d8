import { readContactLog, type Stack, sleep, type TestAccount } from '@meritmatch/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminWithPendingRequests,
  contactLogReaching,
  type FaultStack,
  frozenFor,
  report,
  sendCommand,
} from '../support';

/**
 * A long run, as a test: admin decisions keep flowing while the broker is
 * frozen three times for 12 s (longer than the consumers' session and kafkajs' request
 * time-outs, 10 s each: the broker drops every member at the thaw) and the admin service once
 * for 7 s (longer than the gateway's 5 s). Every decision is sent as a careful client sends it
 * (an idempotency key, the same key again after an unsure answer). Afterwards every
 * acknowledged decision has exactly one contact-log entry, in order.
 */
export function decisionsThroughStalls(product: FaultStack) {
  describe('decisions while the broker and the admin service stall', () => {
    let infra: FaultStack['infra'];
    let stack: Stack;
    let admin: TestAccount;
    let requests: string[] = [];

    beforeAll(async () => {
      ({ infra, stack } = product);
      ({ admin, requests } = await adminWithPendingRequests(stack, 8));
    }, 240000);

    it('loses and doubles no decision: acknowledged decisions equal contact-log entries, in order', async () => {
      const acknowledged = new Map<string, string[]>(requests.map((id) => [id, []]));
      const answers = new Map<number, number>();
      let retried = 0;
      let stop = false;

      const worker = async (requestId: string) => {
        let status = 'pending';
        while (!stop) {
          const next = status === 'pending' ? 'approved' : 'pending';
          const { answer, attempts } = await sendCommand(`${stack.api}/admin/requests/${requestId}`, {
            method: 'PUT',
            token: admin.token,
            body: { status: next, adminNotes: `to ${next}` },
          });
          answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
          retried += attempts - 1;
          if (answer.status !== 200) throw new Error(`decision answered ${answer.status}: ${answer.text}`);
          acknowledged.get(requestId)!.push(next === 'approved' ? 'approved_match' : 'reverted_to_pending');
          status = next;
          // a decision a request every 1.5 s: about eight for each in every freeze, a backlog that drains in seconds
          await sleep(1500);
        }
      };

      const faults = (async () => {
        // between the stalls, decisions flow for a few seconds with everything up
        await sleep(2000);
        await frozenFor('Kafka', infra.freezeKafka, 12000);
        await sleep(3000);
        await frozenFor(
          'the admin service',
          (paused) => stack.signal('admin', paused ? 'SIGSTOP' : 'SIGCONT'),
          7000,
        );
        await sleep(3000);
        await frozenFor('Kafka', infra.freezeKafka, 12000);
        await sleep(3000);
        await frozenFor('Kafka', infra.freezeKafka, 12000);
        await sleep(3000);
        stop = true;
      })();
      await Promise.all([faults, ...requests.map(worker)]);

      const expected = [...acknowledged.values()].reduce((sum, list) => sum + list.length, 0);
      // the whole log, page by page: a run makes more decisions than one page holds
      const logs = await contactLogReaching(stack, admin, requests, expected, { timeoutMs: 120000 });
      await sleep(3000); // anything doubled would show up now
      const final = (await readContactLog(stack.api, admin.token)).filter((log) =>
        acknowledged.has(log.request_id),
      );

      let lost = 0;
      let doubled = 0;
      let outOfOrder = 0;
      for (const [requestId, sent] of acknowledged) {
        const written = final
          .filter((log) => log.request_id === requestId)
          .sort((a, b) => a.created_at.localeCompare(b.created_at))
          .map((log) => log.action);
        lost += Math.max(0, sent.length - written.length);
        doubled += Math.max(0, written.length - sent.length);
        if (written.join() !== sent.join()) outOfOrder += 1;
      }
      report(
        `decisions acknowledged ${expected}, contact-log entries ${final.length} (first complete read ${logs.length}); ` +
          `lost ${lost}, doubled ${doubled}, requests out of order ${outOfOrder}; ` +
          `answers by status ${JSON.stringify(Object.fromEntries(answers))}, retried with the same key ${retried}`,
      );
      expect(expected).toBeGreaterThan(40);
      expect({ lost, doubled, outOfOrder }).toEqual({ lost: 0, doubled: 0, outOfOrder: 0 });
    }, 400000);
  });
}
