import { randomBytes } from 'node:crypto';
import {
  accountSettingsMessages,
  type ErasureView,
  erasedCandidateLabel,
  erasedCompanyLabel,
  erasureMessages,
  topicDeclarations,
  ZContactLogsAnswer,
  ZErasuresAnswer,
} from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
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

/**
 * "Delete my account" and an admin's erasure, through the gateway with every service, Kafka,
 * FerretDB and Mailpit: the account is disabled at once, every service erases its part, and then
 * nothing of the person is left in any database of any service or on any topic, beyond the
 * remains SECURITY.md lists (ids, codes, statuses and times).
 */
describe('erasure of an account', () => {
  let stack: Stack;
  let admin: TestAccount;
  let kafka: Kafka;

  beforeAll(async () => {
    const infra = inject('infra');
    stack = await startStack({ infra, extraEnv: { notifications: { MAIL_POLL_MS: '200' } } });
    admin = await adminAccount(stack);
    kafka = new Kafka({ brokers: infra.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
  });
  afterAll(async () => {
    await stack?.close();
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
        { what: 'every part but notifications done', timeoutMs: 30000, seen: () => erasureOf(candidate.id) },
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
