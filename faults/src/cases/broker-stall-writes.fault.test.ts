import { call, type Stack, sleep, type TestAccount } from '@meritmatch/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminWithPendingRequests, contactLogReaching, type FaultStack, report } from '../support';

/**
 * The outbox exists so that a write never waits on the broker: with Kafka frozen, admin
 * decisions answer as usual (2xx within the gateway's time-out), and after the thaw the contact
 * log holds every one of them.
 */
export function brokerStallWrites(product: FaultStack) {
  describe('admin decisions while the broker is frozen', () => {
    let infra: FaultStack['infra'];
    let stack: Stack;
    let admin: TestAccount;
    let requests: string[] = [];

    beforeAll(async () => {
      ({ infra, stack } = product);
      ({ admin, requests } = await adminWithPendingRequests(stack, 8, 'Stall Candidate'));
    }, 240000);

    it('answers every decision made during a 15 s freeze under load in time, and logs each after the thaw', async () => {
      const answers: Array<{ status: number; ms: number; at: number; text: string }> = [];
      const acknowledged = new Map<string, number>(requests.map((id) => [id, 0]));
      let phase: 'before' | 'frozen' | 'after' = 'before';
      let stop = false;
      let frozenAt = 0;
      let thawedAt = 0;
      const worker = async (id: string) => {
        let next: 'approved' | 'pending' = 'approved';
        for (let n = 0; !stop; n++) {
          const sent = Date.now();
          const during = phase === 'frozen';
          const answer = await call(`${stack.api}/admin/requests/${id}`, {
            method: 'PUT',
            token: admin.token,
            body: { status: next, adminNotes: `decision ${n} around a broker stall` },
            headers: { 'idempotency-key': `broker-stall-${id}-${n}` },
          });
          if (during)
            answers.push({
              status: answer.status,
              ms: Date.now() - sent,
              at: sent - frozenAt,
              text: answer.text.slice(0, 200),
            });
          if (answer.status === 200) {
            acknowledged.set(id, acknowledged.get(id)! + 1);
            next = next === 'approved' ? 'pending' : 'approved';
          }
        }
      };
      const faults = (async () => {
        // the eight workers are deciding flat out within a second
        await sleep(2000);
        frozenAt = Date.now();
        infra.freezeKafka(true);
        phase = 'frozen';
        report('Kafka frozen (SIGSTOP) for 15 s');
        await sleep(15000);
        infra.freezeKafka(false);
        thawedAt = Date.now();
        phase = 'after';
        report('Kafka thawed (SIGCONT)');
        await sleep(3000);
        stop = true;
      })();
      await Promise.all([faults, ...requests.map(worker)]);
      const slowest = [...answers].sort((a, b) => b.ms - a.ms).slice(0, 8);
      report(
        `${answers.length} decisions during the freeze: statuses ${JSON.stringify(countBy(answers.map((a) => a.status)))}, ` +
          `slowest ${slowest.map((a) => `${a.ms} ms (sent ${(a.at / 1000).toFixed(1)} s in, ${a.status})`).join(', ')}`,
      );
      const failed = answers.filter((answer) => answer.status !== 200 || answer.ms > 5000);
      expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
      expect(answers.length).toBeGreaterThanOrEqual(50);

      const expected = [...acknowledged.values()].reduce((sum, count) => sum + count, 0);
      const logs = await contactLogReaching(stack, admin, requests, expected, {
        timeoutMs: 90000,
        // a failed run says which requests miss entries
        missing: (read) =>
          requests.flatMap((id) => {
            const logged = read.filter((log) => log.request_id === id).length;
            const acked = acknowledged.get(id)!;
            return logged < acked ? [`${id}: ${logged} of ${acked}`] : [];
          }),
      });
      report(
        `the contact log holds ${logs.length} entries for ${expected} acknowledged decisions, ` +
          `complete ${((Date.now() - thawedAt) / 1000).toFixed(1)} s after the thaw (decisions went on for 3 s)`,
      );
      expect(logs).toHaveLength(expected);
    }, 300000);
  });
}

const countBy = (values: number[]) =>
  values.reduce<Record<number, number>>((counts, value) => {
    counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  }, {});
