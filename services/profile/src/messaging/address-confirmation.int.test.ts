import {
  type CandidateProjection,
  candidatesTopic,
  type EventMeta,
  employerAddressUnconfirmedMessage,
  systemSettingsKey,
  systemSettingsTopic,
  usersTopic,
  ZCandidateProfileChanged,
  ZSystemSettingsChanged,
  ZUserActivityChanged,
  ZUserEmailConfirmed,
  ZUserSessionsEnded,
} from '@meritmatch/contracts';
import { buildEvent, createKafka, createLogger } from '@meritmatch/service-kit';
import {
  adminAccount,
  call,
  companyInput,
  eventually,
  registerAccount,
  type Stack,
  seedCandidate,
  startStack,
  type TestAccount,
  uniqueName,
} from '@meritmatch/testkit';
import type { Consumer, Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The profile service's part of confirmed addresses, against the real FerretDB and Kafka: the
 * `users` and `system-settings` events are published here as the auth and notifications
 * services publish them (neither of their writers runs in this stack's way). The retention
 * limit's stages travel on the same `users` topic, and are checked here too.
 */
describe('only confirmed addresses are searchable and can be verified', () => {
  let stack: Stack;
  let producer: Producer;
  let consumer: Consumer;
  let database: Connection;
  let admin: TestAccount;
  const projections: CandidateProjection[] = [];
  let settingsVersion = 0;

  const publish = async (topic: string, event: EventMeta) =>
    producer.send({
      topic: `${stack.namespace}.${topic}`,
      acks: -1,
      messages: [{ key: event.aggregateId, value: JSON.stringify(event) }],
    });

  /** The admin saves System Settings with the rule on or off (as the notifications service publishes them). */
  const setRule = (confirmedAddressesOnly: boolean) => {
    settingsVersion += 1;
    return publish(
      systemSettingsTopic,
      buildEvent(ZSystemSettingsChanged, {
        type: 'system.settings-changed',
        version: 1,
        aggregateId: systemSettingsKey,
        source: 'notifications',
        data: {
          askBeforeSharingByDefault: false,
          senderName: 'MeritMatch',
          senderAddress: 'no-reply@meritmatch.example',
          confirmedAddressesOnly,
          inactiveAccountMonths: 12,
          version: settingsVersion,
          updatedAt: new Date().toISOString(),
        },
      }),
    );
  };

  /** The person followed the link sent to their address (as the auth service publishes it). */
  const confirmAddress = (account: TestAccount) =>
    publish(
      usersTopic,
      buildEvent(ZUserEmailConfirmed, {
        type: 'user.email-confirmed',
        version: 1,
        aggregateId: account.id,
        source: 'auth',
        data: {
          userId: account.id,
          userType: account.userType as 'job_seeker' | 'employer',
          status: 'active',
          confirmedAt: new Date().toISOString(),
          emailConfirmed: true,
        },
      }),
    );

  /**
   * Another event of the account, saying the address is not confirmed, as of `occurredAt`
   * (every event of the topic carries the address's state). Its sessions ended long before the
   * test's tokens were issued, so they stay valid.
   */
  const unconfirmedAsOf = (account: TestAccount, occurredAt: Date) =>
    publish(
      usersTopic,
      buildEvent(ZUserSessionsEnded, {
        type: 'user.sessions-ended',
        version: 1,
        aggregateId: account.id,
        source: 'auth',
        clock: () => occurredAt,
        data: {
          userId: account.id,
          userType: 'job_seeker',
          status: 'active',
          endedAt: new Date(Date.now() - 24 * 3600_000).toISOString(),
          reason: 'signed-out-elsewhere',
          emailConfirmed: false,
        },
      }),
    );

  /** The retention limit's stage of the account (as the auth service's daily run publishes it). */
  const activity = (account: TestAccount, stage: 'reminded' | 'inactive' | 'active') =>
    publish(
      usersTopic,
      buildEvent(ZUserActivityChanged, {
        type: 'user.activity-changed',
        version: 1,
        aggregateId: account.id,
        source: 'auth',
        data: {
          userId: account.id,
          userType: 'job_seeker',
          status: 'active',
          stage,
          lastSignedInAt: new Date(Date.now() - 365 * 24 * 3600_000).toISOString(),
          eraseAfter: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
          inactiveMonths: 12,
          // as the account is: its address was never confirmed (every event of the topic says so)
          emailConfirmed: false,
        },
      }),
    );

  const searchableOf = (candidateId: string) =>
    projections
      .filter((projection) => projection.candidateId === candidateId)
      .sort((a, b) => a.version - b.version)
      .map((projection) => projection.searchable);

  /** Waits until the candidate's projections, in order, say `expected`. */
  const projected = (candidateId: string, expected: boolean[], what: string) =>
    eventually(
      () => {
        const seen = searchableOf(candidateId);
        return seen.length >= expected.length ? seen : undefined;
      },
      { what, timeoutMs: 30000, seen: () => searchableOf(candidateId) },
    ).then((seen) => expect(seen).toEqual(expected));

  const recorded = (userId: string) =>
    eventually(
      async () =>
        (await database.collection('email_confirmations').findOne({ _id: userId as never }))
          ?.emailConfirmed === true,
      { what: 'the confirmation recorded', timeoutMs: 30000 },
    );

  beforeAll(async () => {
    const infra = inject('infra');
    stack = await startStack({ infra, processes: ['auth', 'profile', 'gateway'] });
    const kafka = createKafka({
      clientId: 'address-test',
      brokers: infra.kafkaBrokers.split(','),
      logger: createLogger('address-test', 'silent'),
    });
    producer = kafka.producer();
    await producer.connect();
    consumer = kafka.consumer({ groupId: uniqueName('address-test') });
    await consumer.connect();
    await consumer.subscribe({ topic: `${stack.namespace}.${candidatesTopic}`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        projections.push(ZCandidateProfileChanged.parse(JSON.parse(message.value!.toString())).data);
      },
    });
    database = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_profile` })
      .asPromise();
    admin = await adminAccount(stack);
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await producer?.disconnect();
    await database?.close();
    await stack?.close();
  });

  it('takes an unconfirmed candidate out of search while the rule is on, and back once confirmed', async () => {
    // made while the rule is off (its default): searchable, like every profile before the feature
    const seeker = await seedCandidate(stack, { fullName: 'Imogen Tallis' });
    await projected(seeker.candidateId, [true], 'the new profile');

    await setRule(true);
    await projected(seeker.candidateId, [true, false], 'the profile republished under the rule');

    await confirmAddress(seeker);
    await projected(seeker.candidateId, [true, false, true], 'the profile after the confirmation');

    // an older event, replayed or late, does not undo the confirmation; a newer one does (the
    // address was changed), and turning the rule off brings the candidate back
    await unconfirmedAsOf(seeker, new Date(Date.now() - 3600_000));
    await unconfirmedAsOf(seeker, new Date());
    await projected(seeker.candidateId, [true, false, true, false], 'the address unconfirmed again');
    await setRule(false);
    await projected(seeker.candidateId, [true, false, true, false, true], 'the rule turned off');
  });

  it('takes a job seeker the retention limit found inactive out of search, and back after a sign-in', async () => {
    await setRule(false);
    const seeker = await seedCandidate(stack, { fullName: 'Odile Varga' });
    await projected(seeker.candidateId, [true], 'the new profile');
    // the reminder alone changes nothing; at the limit the candidate leaves search
    await activity(seeker, 'reminded');
    await activity(seeker, 'inactive');
    await projected(seeker.candidateId, [true, false], 'out of search at the limit');
    await activity(seeker, 'active');
    await projected(seeker.candidateId, [true, false, true], 'back after a sign-in');
  });

  it('knows a confirmation made before the profile existed', async () => {
    await setRule(true);
    const seeker = await registerAccount(stack, 'job_seeker');
    await confirmAddress(seeker);
    await recorded(seeker.id);
    const created = await call(`${stack.api}/job-seeker/profile`, {
      token: seeker.token,
      body: { fullName: 'Rowan Achebe', location: 'Lagos, Nigeria', dateOfBirth: '1992-07-09' },
    });
    expect(created.status).toBe(201);
    await projected(created.body.profile.id, [true], 'the new profile of a confirmed address');

    // and one who has not confirmed is out of search (from the start, once the rule reached the service)
    const unconfirmed = await seedCandidate(stack, { fullName: 'Tamsin Vale' });
    await eventually(() => searchableOf(unconfirmed.candidateId).at(-1) === false, {
      what: 'an unconfirmed address out of search',
      timeoutMs: 30000,
      seen: () => searchableOf(unconfirmed.candidateId),
    });
  });

  it('refuses to verify an employer whose address is not confirmed, and verifies once it is', async () => {
    await setRule(true);
    const employer = await registerAccount(stack, 'employer');
    const created = await call(`${stack.api}/employer/profile`, {
      token: employer.token,
      body: companyInput,
    });
    expect(created.status).toBe(201);
    const verify = (verified: boolean) =>
      call(`${stack.url('profile')}/internal/employers/${employer.id}/verification`, {
        method: 'PUT',
        token: admin.token,
        body: { verified },
      });
    // the rule may take a moment to reach the profile service: until then a verification passes
    const refused = await eventually(
      async () => {
        const answer = await verify(true);
        if (answer.status === 409) return answer;
        await verify(false);
        return undefined;
      },
      { what: 'the verification refused', timeoutMs: 30000 },
    );
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: employerAddressUnconfirmedMessage });
    const company = await call(`${stack.api}/employer/profile`, { token: employer.token });
    expect(company.body.profile.verified).toBe(false);
    // revoking is always allowed
    expect((await verify(false)).status).toBe(200);

    await confirmAddress(employer);
    await recorded(employer.id);
    const verified = await verify(true);
    expect(verified.status).toBe(200);
    expect(verified.body.profile.verified).toBe(true);
  });
});
