import {
  adminAccount,
  backendProcesses,
  call,
  eventually,
  readContactLog,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  type TestAccount,
} from '@meritmatch/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyProcessReady, type FaultStack, pendingRequests, report } from '../support';

/**
 * A process rescheduled during a broker incident (Kubernetes and compose restart processes
 * then) must come up: ready for what needs only its database, `/ready` naming Kafka as
 * degraded, its relay, consumers and snapshots connecting in the background. Before, a service
 * exited at start-up ("Request ApiVersions(key: 18, version: 2) timed out") and its area answered
 * 503 until the broker came back.
 *
 * Kafka is frozen; every service and the gateway are restarted at once, as when the whole
 * deployment is rescheduled (SIGTERM, then a new process);
 * reads and writes that need only a database answer 2xx while Kafka stays frozen; after the thaw
 * the events of those writes flow: the contact log has the decisions, search the profile change.
 */
export function brokerDownStart(product: FaultStack) {
  describe('every process restarted while the broker is frozen', () => {
    let infra: FaultStack['infra'];
    let stack: Stack;
    let admin: TestAccount;
    let employer: TestAccount;
    let candidate: SeededCandidate;
    let requests: string[] = [];

    beforeAll(async () => {
      ({ infra, stack } = product);
      await everyProcessReady(stack);
      admin = await adminAccount(stack);
      employer = await seedEmployer(stack);
      candidate = await seedCandidate(stack, { location: 'Reykjavík, Iceland' });
      requests = await pendingRequests(stack, employer, 3);
    }, 240000);

    const get = (path: string, token: string) => call(`${stack.api}${path}`, { token });
    const expectOk = async (what: string, answer: Promise<{ status: number; text: string }>) => {
      const { status, text } = await answer;
      expect(status, `${what}: ${status} ${text.slice(0, 300)}`).toBeLessThan(300);
    };

    it('serves what needs only a database while Kafka stays frozen, and sends the events after the thaw', async () => {
      infra.freezeKafka(true);
      report('Kafka frozen (SIGSTOP)');
      const skill = `broker-down-${Date.now().toString(36)}`;
      try {
        const restarting = Date.now();
        await Promise.all(
          backendProcesses.map(async (name) => {
            await stack.stop(name);
            await stack.start(name, { until: 'listening' });
          }),
        );
        const restartedIn = ((Date.now() - restarting) / 1000).toFixed(1);
        for (const name of backendProcesses) {
          // its /ready answers at once and names Kafka (matching is not ready: its index needs the topic)
          const ready = await call(`${stack.url(name as 'auth')}/ready`);
          const named = (ready.body.details ?? []).map((detail: { path: string }) => detail.path);
          if (name === 'matching') expect(ready.status).toBe(503);
          else
            expect({ name, status: ready.status, state: ready.body.status }).toEqual({
              name,
              status: 200,
              state: 'degraded',
            });
          expect(named, `${name}: ${ready.text}`).toContain('kafka');
        }
        report(
          `${backendProcesses.join(', ')} restarted at once with Kafka frozen (stop + start until listening) in ${restartedIn} s`,
        );

        // auth: sign-in (a write: its limits) and the session
        const signIn = await call(`${stack.api}/auth/login`, {
          body: { email: candidate.email, password: candidate.password },
        });
        expect(signIn.status, signIn.text).toBe(200);
        const token = signIn.body.token as string;
        await expectOk('who am I', get('/auth/me', token));
        // profile: read and change the profile
        await expectOk('read the profile', get('/job-seeker/profile', token));
        await expectOk(
          'add a skill',
          call(`${stack.api}/job-seeker/skills`, {
            token,
            body: { skills: [{ name: skill, proficiencyLevel: 'expert' }] },
          }),
        );
        // notifications: read and change e-mail settings
        await expectOk('read e-mail settings', get('/job-seeker/notifications', token));
        // admin and matching: the queue, and decisions (no approval: that needs the candidate's
        // block list, which is in the topic)
        await expectOk('the admin queue', get('/admin/requests?status=pending', admin.token));
        for (const id of requests) {
          await expectOk(
            'a rejection',
            call(`${stack.api}/admin/requests/${id}`, {
              method: 'PUT',
              token: admin.token,
              body: { status: 'rejected', adminNotes: 'while the broker is frozen' },
              headers: { 'idempotency-key': `broker-down-${id}` },
            }),
          );
        }
        await expectOk('the system settings', get('/admin/system-settings', admin.token));
        // search needs the index, which needs the topic: it says so
        const search = await get('/employer/search?location=Reykj', employer.token);
        expect(search.status).toBe(503);
        report(
          'with Kafka frozen: sign-in, profile read and change, e-mail settings, queue, 3 rejections answered 2xx; search 503',
        );
      } finally {
        infra.freezeKafka(false);
        report('Kafka thawed (SIGCONT)');
      }

      const thawed = Date.now();
      await eventually(
        async () => {
          const answer = await get(`/employer/search?skills=${skill}`, employer.token);
          return (
            answer.status === 200 &&
            answer.body.candidates.some((c: { id: string }) => c.id === candidate.candidateId)
          );
        },
        { what: 'the skill added during the freeze searchable', timeoutMs: 90000, intervalMs: 500 },
      );
      const searchable = Date.now();
      await eventually(
        async () => {
          const entries = (await readContactLog(stack.api, admin.token)).filter((log) =>
            requests.includes(log.request_id),
          );
          return entries.length >= requests.length;
        },
        { what: 'the rejections in the contact log', timeoutMs: 60000, intervalMs: 500 },
      );
      for (const name of backendProcesses) {
        await eventually(
          async () => (await call(`${stack.url(name as 'auth')}/ready`)).body.status === 'ready',
          {
            what: `${name} ready`,
            timeoutMs: 60000,
          },
        );
      }
      report(
        `after the thaw: the profile change searchable in ${((searchable - thawed) / 1000).toFixed(1)} s, ` +
          `the rejections in the contact log in ${((Date.now() - thawed) / 1000).toFixed(1)} s, every process ready`,
      );
    }, 400000);
  });
}
