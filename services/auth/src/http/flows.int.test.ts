import { randomBytes } from 'node:crypto';
import {
  accountSettingsMessages,
  type ErasureView,
  emailChangeMessages,
  emailConfirmationMessages,
  erasedCandidateLabel,
  erasedCompanyLabel,
  erasureMessages,
  passwordResetMessages,
  topicDeclarations,
  ZContactLogsAnswer,
  ZErasuresAnswer,
  ZMeResponse,
} from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  mailbox,
  type ReceivedMail,
  registerAccount,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  signIn,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const newPassword = 'lantern-Quarry-58';

/** The token of the reset link in an e-mail (the link opens the shell's /reset-password page). */
const tokenIn = (mail: ReceivedMail) => {
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=(\S+)/);
  if (!link?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return decodeURIComponent(link[1]);
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * The flows that cross services, on one product started once (every service and the gateway,
 * Kafka, FerretDB and Mailpit): the e-mails of the account links and of a changed password, and
 * the erasure of an account. The erasure comes last: one of its cases stops the notifications
 * service for a while.
 */
describe('flows across services', () => {
  let stack: Stack;
  const inbox = mailbox(inject('infra'));
  let authDb: mongoose.Connection;
  let notificationsDb: mongoose.Connection;

  beforeAll(async () => {
    const infra = inject('infra');
    stack = await startStack({
      infra,
      extraEnv: {
        notifications: { MAIL_POLL_MS: '200' },
        // the timing case asks 20 links for one address
        auth: { RESET_MAX_REQUESTS_PER_EMAIL: '25', RESET_MAX_REQUESTS_PER_ADDRESS: '1000' },
      },
    });
    authDb = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_auth` })
      .asPromise();
    notificationsDb = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_notifications` })
      .asPromise();
  });
  afterAll(async () => {
    await authDb?.close();
    await notificationsDb?.close();
    await stack?.close();
  });

  /**
   * Forgot password through the gateway, with the real auth and
   * notifications services, Kafka, FerretDB and Mailpit: the link arrives by e-mail, works once,
   * for 30 minutes, ends every session, and the answer to a request never tells whether an account
   * uses the address. (Links refused, limits and bad input run in process:
   * password-reset.routes.test.ts.)
   */
  describe('forgot password', () => {
    const ask = (email: string) => call(`${stack.api}/auth/forgot-password`, { body: { email } });
    const reset = (token: string, password = newPassword) =>
      call(`${stack.api}/auth/reset-password`, { body: { token, password } });
    const resetMails = async (email: string, count: number) =>
      (await inbox.waitFor(email, count)).filter(
        (mail) => mail.subject === 'Choose a new MeritMatch password',
      );

    it('sends a link that sets a new password once, ends every session, and says so by e-mail', async () => {
      const account = await registerAccount(stack, 'job_seeker');
      const before = await signIn(stack, account.email, account.password);
      const oldToken = (before.body as { token: string }).token;

      const asked = await ask(account.email.toUpperCase());
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ message: passwordResetMessages.requested });
      const [mail] = await resetMails(account.email, 1);
      expect(mail?.text).toContain('The link works once, for 30 minutes.');
      const token = tokenIn(mail as ReceivedMail);

      // only a hash of the token is stored, and the e-mail's record holds none of it
      const stored = await authDb.collection('password_links').find({}).toArray();
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]);
      const deliveries = await notificationsDb.collection('deliveries').find({}).toArray();
      expect(JSON.stringify(deliveries)).not.toContain(token.split('.')[1]);

      const done = await reset(token);
      expect(done.status, done.text).toBe(200);
      expect(done.body).toEqual({ message: passwordResetMessages.done });

      // the old session ends everywhere within a second, as signing out does
      await eventually(async () => (await call(`${stack.api}/auth/me`, { token: oldToken })).status === 401, {
        what: 'the old token refused',
        timeoutMs: 1500,
        intervalMs: 50,
      });
      expect((await signIn(stack, account.email, account.password)).status).toBe(401);
      expect((await signIn(stack, account.email, newPassword)).status).toBe(200);

      // the link worked once
      const again = await reset(token, 'another-Harbour-77');
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: passwordResetMessages.invalidLink,
      });
      expect((await signIn(stack, account.email, newPassword)).status).toBe(200);

      const mails = await inbox.waitFor(account.email, 2);
      expect(mails.map((m) => m.subject)).toContain('Your password was changed');
    });

    it('answers the same, in the same time, for an address with an account and one without', async () => {
      const account = await registerAccount(stack, 'job_seeker');
      const unknown = `nobody.${Date.now()}@example.com`;
      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      const bodies = new Set<string>();
      for (let round = 0; round < 20; round++) {
        for (const [which, email] of [
          ['known', account.email],
          ['unknown', unknown],
        ] as const) {
          const started = performance.now();
          const answer = await ask(email);
          times[which].push(performance.now() - started);
          expect(answer.status).toBe(202);
          bodies.add(answer.text);
        }
      }
      expect([...bodies]).toHaveLength(1);
      const known = median(times.known);
      const unknownMedian = median(times.unknown);
      process.stdout.write(
        `[reset timing] median of 20: known ${known.toFixed(0)} ms, unknown ${unknownMedian.toFixed(0)} ms\n`,
      );
      expect(Math.abs(known - unknownMedian) / Math.max(known, unknownMedian)).toBeLessThan(0.2);
      // and only the known address got mail
      expect(await inbox.to(unknown)).toHaveLength(0);
    });
  });

  /**
   * The e-mail a changed password sends, through the notifications service and Mailpit. The
   * settings' routes themselves run in process: account-settings.routes.test.ts.
   */
  describe('account settings', () => {
    it('tells the person by e-mail that their password was changed', async () => {
      const account = await registerAccount(stack, 'employer');
      const changed = await call(`${stack.api}/auth/change-password`, {
        token: account.token,
        body: { currentPassword: account.password, newPassword: 'lantern-Quarry-58' },
      });
      expect(changed.status, changed.text).toBe(200);
      const [mail] = await inbox.waitFor(account.email, 1);
      expect(mail?.subject).toBe('Your password was changed');
    });
  });

  /**
   * A change of address through the gateway, with the real auth and notifications services, Kafka,
   * FerretDB and Mailpit: it needs the current password, a link goes to the new address, the address
   * changes only when that link is opened (once, and only while the account still has the address it
   * replaces), and the old address is told. Refusals and ended links run in process:
   * email-change.routes.test.ts.
   */
  describe('a change of e-mail address', () => {
    const newAddress = () => `moved-${randomBytes(4).toString('hex')}@example.com`;
    const ask = (token: string, body: unknown) => call(`${stack.api}/auth/email-change`, { body, token });
    // as the browser sends it: every write with an idempotency key of its own
    const confirm = (token: string) =>
      call(`${stack.api}/auth/confirm-email`, {
        body: { token },
        headers: { 'idempotency-key': `confirm-${randomBytes(8).toString('hex')}` },
      });
    const me = async (token: string) =>
      ZMeResponse.parse((await call(`${stack.api}/auth/me`, { token })).body).user;

    it('changes the address when the link sent to the new one is opened, and tells the old one', async () => {
      const account = await registerAccount(stack, 'job_seeker');
      const target = newAddress();
      const asked = await ask(account.token, {
        newEmail: target.toUpperCase(),
        currentPassword: account.password,
      });
      expect(asked.status, asked.text).toBe(202);
      expect(asked.body).toEqual({ message: emailChangeMessages.sent });

      const [token] = (await inbox.confirmationTokens(target, 1)) as [string];
      const [mail] = await mailbox(inject('infra'), { withConfirmations: true }).waitFor(target, 1);
      expect(mail?.subject).toBe('Please confirm your new e-mail address');
      // only a hash of the token is stored
      const stored = await authDb.collection('password_links').findOne({ _id: token.split('.')[0] as never });
      expect(stored).toMatchObject({ kind: 'email-change', email: target, fromEmail: account.email });
      expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]);

      // nothing changes before the link is opened
      expect(await me(account.token)).toMatchObject({ email: account.email, emailConfirmed: false });
      expect((await signIn(stack, account.email, account.password)).status).toBe(200);

      const done = await confirm(token);
      expect(done.status, done.text).toBe(200);
      expect(done.body).toEqual({ message: emailChangeMessages.changed, emailConfirmed: true });
      // the new address is confirmed by its link; this browser stays signed in
      expect(await me(account.token)).toMatchObject({ email: target, emailConfirmed: true });
      expect((await signIn(stack, target, account.password)).status).toBe(200);
      expect((await signIn(stack, account.email, account.password)).status).toBe(401);
      // opening the link again says it is done
      expect((await confirm(token)).body).toEqual({
        message: emailChangeMessages.changed,
        emailConfirmed: true,
      });

      const [told] = await inbox.waitFor(account.email, 1);
      expect(told?.subject).toBe('Your e-mail address was changed');
      expect(told?.text).not.toContain(target);
      // the old address can be used again by anybody
      expect((await registerAccount(stack, 'employer', account.email)).email).toBe(account.email);
    });
  });

  /**
   * A confirmed address through the gateway, with the real auth and notifications services, Kafka,
   * FerretDB and Mailpit: a link arrives after sign-up, works once, for 24 hours, confirms that
   * address only, and can be sent again (within the links' limits). Those rules run in process:
   * email-confirmation.routes.test.ts; here, the mail and what is stored.
   */
  describe('a confirmed e-mail address', () => {
    const confirm = (token: string) => call(`${stack.api}/auth/confirm-email`, { body: { token } });
    const resend = (token: string) => call(`${stack.api}/auth/confirm-email/resend`, { body: {}, token });
    const me = async (token: string) =>
      ZMeResponse.parse((await call(`${stack.api}/auth/me`, { token })).body).user;

    it('mails a link at sign-up that confirms the address once, and says so if opened again', async () => {
      const account = await registerAccount(stack, 'job_seeker');
      expect(await me(account.token)).toMatchObject({ email: account.email, emailConfirmed: false });

      const [token] = await inbox.confirmationTokens(account.email, 1);
      const [mail] = await mailbox(inject('infra'), { withConfirmations: true }).waitFor(account.email, 1);
      expect(mail?.subject).toBe('Please confirm your e-mail address');
      expect(mail?.text).toContain('The link works once, for 24 hours.');

      // only a hash of the token is stored
      const stored = await authDb.collection('password_links').find({ userId: account.id }).toArray();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ kind: 'email-confirmation', email: account.email });
      expect(JSON.stringify(stored)).not.toContain((token as string).split('.')[1]);

      const done = await confirm(token as string);
      expect(done.status, done.text).toBe(200);
      expect(done.body).toEqual({ message: emailConfirmationMessages.confirmed, emailConfirmed: true });
      expect(await me(account.token)).toMatchObject({ emailConfirmed: true });
      const signedIn = await signIn(stack, account.email, account.password);
      expect(signedIn.body.user).toMatchObject({ emailConfirmed: true });

      // the same link again: confirmed already, not "invalid"
      const again = await confirm(token as string);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({
        message: emailConfirmationMessages.alreadyConfirmed,
        emailConfirmed: true,
      });
      // and nothing more to send
      const more = await resend(account.token);
      expect(more.status).toBe(409);
      expect(more.body).toMatchObject({
        code: 'CONFLICT',
        message: emailConfirmationMessages.alreadyConfirmed,
      });
    });
  });

  /**
   * "Delete my account" and an admin's erasure, through the gateway with every service, Kafka,
   * FerretDB and Mailpit: the account is disabled at once, every service erases its part, and then
   * nothing of the person is left in any database of any service or on any topic, beyond the
   * remains SECURITY.md lists (ids, codes, statuses and times).
   */
  describe('erasure of an account', () => {
    let admin: TestAccount;
    let kafka: Kafka;

    beforeAll(async () => {
      admin = await adminAccount(stack);
      kafka = new Kafka({ brokers: inject('infra').kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
    });

    const word = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

    /** A job seeker with a rare word in every field they can type, and an employer's request for them. */
    async function candidateWithCanaries() {
      const canary = {
        first: word('Orlaith'),
        last: word('Quenby'),
        phone: `+4477009${String(Date.now()).slice(-5)}`,
        place: word('Canaryvale'),
        skill: word('Skillum'),
        firm: word('Firmo'),
        role: word('Rolex'),
        duty: word('Dutyx'),
        school: word('Schola'),
        degree: word('Degrea'),
        field: word('Fieldo'),
        cert: word('Certa'),
        issuer: word('Issuera'),
      };
      const email = `${word('canary-')}@example.com`;
      const candidate = await seedCandidate(
        stack,
        {
          fullName: `${canary.first} ${canary.last}`,
          phone: canary.phone,
          location: `${canary.place}, Norway`,
          skills: [{ name: canary.skill, proficiencyLevel: 'advanced' }],
          experiences: [
            {
              position: canary.role,
              companyName: canary.firm,
              startDate: '2020-01-01',
              isCurrent: true,
              description: `Ran the ${canary.duty} line`,
              experienceType: 'professional',
            },
          ],
          education: [
            {
              degree: "Bachelor's Degree",
              fieldOfStudy: `${canary.field} ${canary.degree}`,
              institution: canary.school,
              graduationYear: 2015,
            },
          ],
          certifications: [
            { name: canary.cert, issuer: canary.issuer, issueDate: '2021-05-01', credentialId: canary.cert },
          ],
        },
        email,
      );
      return { candidate, canary: { ...canary, email } };
    }

    /** An employer with rare words in its company, and a request with a message, notes and a log entry. */
    async function employerWithRequest(candidate: SeededCandidate) {
      const canary = {
        company: word('Compania'),
        site: `${word('site')}.example.com`,
        about: word('Aboutus'),
        message: word('Messagio'),
        notes: word('Notae'),
        contactNote: word('Contacto'),
        logNote: word('Logbook'),
      };
      const employer = await seedEmployer(stack, {
        company: {
          companyName: canary.company,
          industry: 'Technology',
          companySize: '51-200',
          website: canary.site,
          description: `We are ${canary.about}`,
        },
      });
      const requestId = await eventually(
        async () => {
          const answer = await call(`${stack.api}/employer/request-candidate`, {
            token: employer.token,
            body: { jobSeekerId: candidate.candidateId, message: `Hello from ${canary.message}` },
          });
          return answer.status === 201 ? (answer.body.request.id as string) : undefined;
        },
        { what: 'a match request', timeoutMs: 30000 },
      );
      const decided = await call(`${stack.api}/admin/requests/${requestId}`, {
        method: 'PUT',
        token: admin.token,
        body: { status: 'approved', adminNotes: canary.notes, contactNote: canary.contactNote },
      });
      expect(decided.status, decided.text).toBe(200);
      const logged = await call(`${stack.api}/admin/contact-log`, {
        token: admin.token,
        body: { requestId, action: 'connected', notes: `Called ${canary.logNote}` },
      });
      expect(logged.status, logged.text).toBe(201);
      return { employer, requestId, canary };
    }

    const erasureOf = async (userId: string): Promise<ErasureView | undefined> => {
      const answer = await call(`${stack.api}/admin/erasures`, { token: admin.token });
      expect(answer.status, answer.text).toBe(200);
      return ZErasuresAnswer.parse(answer.body).erasures.find((erasure) => erasure.userId === userId);
    };

    const finished = (userId: string) =>
      eventually(
        async () => {
          const erasure = await erasureOf(userId);
          return erasure?.finishedAt ? erasure : undefined;
        },
        { what: 'the erasure finished', timeoutMs: 60000, seen: () => erasureOf(userId) },
      );

    /** Every document of every service's database, as text, with where it is. */
    async function everyDocument() {
      const found: Array<{ where: string; text: string }> = [];
      for (const service of ['auth', 'profile', 'matching', 'notifications', 'admin', 'gateway']) {
        const db = await mongoose
          .createConnection(inject('infra').mongoUrl, { dbName: `${stack.namespace}_${service}` })
          .asPromise();
        try {
          for (const { name } of await db.db!.listCollections().toArray()) {
            for await (const doc of db.collection(name).find({})) {
              found.push({ where: `${service}.${name}/${String(doc._id)}`, text: JSON.stringify(doc) });
            }
          }
        } finally {
          await db.close();
        }
      }
      return found;
    }

    /**
     * Every message of every topic of the stack, as text. A compacted topic counts by its last
     * value per key: the broker removes older ones within `compactedWithinMs` (its settings are
     * checked below).
     */
    async function everyMessage() {
      const admin = kafka.admin();
      await admin.connect();
      const prefix = `${stack.namespace}.`;
      const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
      const ends = new Map<string, Map<number, number>>();
      for (const topic of topics) {
        const offsets = await admin.fetchTopicOffsets(topic);
        ends.set(topic, new Map(offsets.map((o) => [o.partition, Number(o.high)])));
      }
      await admin.disconnect();
      const consumer = kafka.consumer({ groupId: `${stack.namespace}.canary-scan.${word('g')}` });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      const all: Array<{ topic: string; key: string; text: string }> = [];
      const seen = new Map<string, number>();
      const expected = [...ends.values()].reduce(
        (sum, partitions) => sum + [...partitions.values()].filter((high) => high > 0).length,
        0,
      );
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('could not read every topic within 60 s')), 60000);
        if (expected === 0) resolve();
        void consumer.run({
          eachMessage: async ({ topic, partition, message }) => {
            all.push({ topic, key: message.key?.toString() ?? '', text: message.value?.toString() ?? '' });
            const high = ends.get(topic)?.get(partition) ?? 0;
            if (Number(message.offset) + 1 >= high && !seen.has(`${topic}:${partition}`)) {
              seen.set(`${topic}:${partition}`, 1);
              if (seen.size >= expected) {
                clearTimeout(timer);
                resolve();
              }
            }
          },
        });
      });
      await consumer.disconnect();
      const compacted = new Set(
        Object.values(topicDeclarations)
          .filter((declaration) => declaration.cleanupPolicy === 'compact')
          .map((declaration) => `${prefix}${declaration.name}`),
      );
      const last = new Map<string, { topic: string; key: string; text: string }>();
      const kept: typeof all = [];
      for (const message of all) {
        if (compacted.has(message.topic)) last.set(`${message.topic}/${message.key}`, message);
        else kept.push(message);
      }
      return [...kept, ...last.values()].map((m) => ({ where: `${m.topic}/${m.key}`, text: m.text }));
    }

    /**
     * Where any of these words still is, in any database or on any topic: the history on
     * `match-requests` included, whose events carry no free text and no name (matching keeps them,
     * and erases them).
     */
    async function leftovers(words: string[]) {
      const everything = [...(await everyDocument()), ...(await everyMessage())];
      return everything.flatMap(({ where, text }) =>
        words.filter((needle) => text.includes(needle)).map((needle) => `${needle} in ${where}`),
      );
    }

    it('"Delete my account": disabled at once, then erased in every service, leaving no detail anywhere', async () => {
      const { candidate, canary } = await candidateWithCanaries();
      const { employer, requestId, canary: request } = await employerWithRequest(candidate);
      // another company's request, still with the team: the erasure closes it
      const waitingId = await seedMatchRequest(stack, await seedEmployer(stack), candidate.candidateId);
      // the canaries are there before: the scan can see them
      expect(await leftovers([canary.first, canary.skill, request.message])).not.toEqual([]);

      const wrong = await call(`${stack.api}/auth/account/erase`, {
        token: candidate.token,
        body: { password: 'not-the-password' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.details).toEqual([
        { path: 'password', message: accountSettingsMessages.wrongCurrentPassword },
      ]);

      const erased = await call(`${stack.api}/auth/account/erase`, {
        token: candidate.token,
        body: { password: candidate.password },
      });
      expect(erased.status, erased.text).toBe(202);
      expect(erased.body).toEqual({ message: erasureMessages.started });

      // at once: the token is refused, and signing in is too
      await eventually(
        async () => (await call(`${stack.api}/auth/me`, { token: candidate.token })).status === 401,
        {
          what: 'the token refused',
          timeoutMs: 2000,
        },
      );
      const again = await call(`${stack.api}/auth/login`, {
        body: { email: candidate.email, password: candidate.password },
      });
      expect([401, 403]).toContain(again.status);

      const erasure = await finished(candidate.id);
      expect(erasure.by).toBe('self');
      expect(erasure.parts.every((part) => part.doneAt !== null)).toBe(true);

      // the employer's screens keep the request, with the candidate as "a deleted candidate"
      const requests = await call(`${stack.api}/employer/requests`, { token: employer.token });
      const kept = (requests.body.requests as Array<Record<string, unknown>>).find((r) => r.id === requestId);
      expect(JSON.stringify(kept)).toContain(erasedCandidateLabel);
      expect(JSON.stringify(kept)).not.toContain(candidate.uniqueCode);
      // the request still with the team is closed, and the contact log says so (its words erased
      // with the person's other entries, or not yet: the admin service's part may come first)
      await eventually(
        async () => {
          const log = await call(`${stack.api}/admin/contact-logs`, { token: admin.token });
          return ZContactLogsAnswer.parse(log.body).logs.find(
            (entry) => entry.request_id === waitingId && entry.action === 'closed_on_erasure',
          );
        },
        { what: 'the closing in the contact log', timeoutMs: 30000 },
      );
      // and the address is free again
      const signUp = await call(`${stack.api}/auth/register`, {
        body: { email: candidate.email, password: 'Another-pass-2026', userType: 'job_seeker' },
      });
      expect(signUp.status, signUp.text).toBe(201);

      const words = [
        ...Object.values(canary),
        request.message,
        request.notes,
        request.contactNote,
        request.logNote,
      ];
      // the new account of the same address holds the address again: leave it out of the scan
      expect(await leftovers(words.filter((w) => w !== canary.email))).toEqual([]);
    });

    it("an admin's erasure of an employer: the candidate's screens say a deleted company", async () => {
      const { candidate } = await candidateWithCanaries();
      const { employer, requestId, canary } = await employerWithRequest(candidate);

      const protectedAdmin = await call(`${stack.api}/admin/users/${admin.id}/erasure`, {
        method: 'POST',
        token: admin.token,
        body: {},
      });
      expect(protectedAdmin.status).toBe(403);

      const started = await call(`${stack.api}/admin/users/${employer.id}/erasure`, {
        method: 'POST',
        token: admin.token,
        body: {},
      });
      expect(started.status, started.text).toBe(202);
      expect(started.body.message).toBe(erasureMessages.adminStarted);
      // (what holds while it runs is checked below, with a service held down: here it is over in a second)
      const erasure = await finished(employer.id);
      expect(erasure.by).toBe('admin');
      const interest = await call(`${stack.api}/job-seeker/interest`, { token: candidate.token });
      const kept = (interest.body.requests as Array<Record<string, unknown>>).find((r) => r.id === requestId);
      expect(JSON.stringify(kept)).toContain(erasedCompanyLabel);

      expect(await leftovers([...Object.values(canary), employer.email])).toEqual([]);
      // the account is gone: its address signs in to nothing
      expect((await signIn(stack, employer.email, employer.password)).status).toBe(401);
    });

    it('a service that is down does its part when it comes back; until then the erasure shows unfinished', async () => {
      const { candidate, canary } = await candidateWithCanaries();
      await stack.stop('notifications');
      try {
        const erased = await call(`${stack.api}/auth/account/erase`, {
          token: candidate.token,
          body: { password: candidate.password },
        });
        expect(erased.status, erased.text).toBe(202);
        const waiting = await eventually(
          async () => {
            const erasure = await erasureOf(candidate.id);
            const done = erasure?.parts.filter((part) => part.doneAt !== null).map((part) => part.part);
            return done?.length === 3 ? erasure : undefined;
          },
          {
            what: 'every part but notifications done',
            timeoutMs: 30000,
            seen: () => erasureOf(candidate.id),
          },
        );
        expect(waiting.finishedAt).toBeNull();
        expect(
          waiting.parts
            .filter((part) => part.doneAt === null)
            .map((part) => part.part)
            .sort(),
        ).toEqual(['auth', 'notifications']);

        // while it runs: disabled (signing in is refused; its count of the address goes with the
        // erasure), not asked twice, and User Management's "restore" cannot bring it back
        const signingIn = await signIn(stack, candidate.email, candidate.password);
        expect(signingIn.status).toBe(403);
        expect(signingIn.body.message).toBe(
          "This account was deleted at its owner's request, and its data is being erased.",
        );
        const twice = await call(`${stack.api}/admin/users/${candidate.id}/erasure`, {
          method: 'POST',
          token: admin.token,
          body: {},
        });
        expect(twice.status).toBe(409);
        expect(twice.body.message).toBe(erasureMessages.inProgress);
        const restore = await call(`${stack.api}/admin/users/${candidate.id}/status`, {
          method: 'PUT',
          token: admin.token,
          body: { status: 'active' },
        });
        expect(restore.status).toBe(409);
      } finally {
        await stack.start('notifications');
      }
      const erasure = await finished(candidate.id);
      expect(erasure.parts.every((part) => part.doneAt !== null)).toBe(true);
      expect(await leftovers(Object.values(canary))).toEqual([]);
    });

    it('sets the compacted topics to let go of replaced values within a day, and the history within a month', async () => {
      const admin = kafka.admin();
      await admin.connect();
      const described = await admin.describeConfigs({
        includeSynonyms: false,
        resources: ['users', 'candidates', 'employers', 'match-requests'].map((name) => ({
          type: 2,
          name: `${stack.namespace}.${name}`,
          configNames: ['max.compaction.lag.ms', 'retention.ms', 'segment.ms'],
        })),
      });
      await admin.disconnect();
      const day = 24 * 3600 * 1000;
      const value = (resource: (typeof described.resources)[number], name: string) =>
        Number(resource.configEntries.find((entry) => entry.configName === name)?.configValue);
      for (const resource of described.resources) {
        if (resource.resourceName.endsWith('.match-requests')) {
          expect(value(resource, 'retention.ms')).toBeLessThanOrEqual(30 * day);
          expect(value(resource, 'segment.ms')).toBeLessThanOrEqual(day);
        } else {
          expect(value(resource, 'max.compaction.lag.ms'), resource.resourceName).toBeLessThanOrEqual(day);
        }
      }
    });
  });
});
