import { randomUUID } from 'node:crypto';
import { writeGuardFor } from '@meritmatch/service-kit';
import { uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createEmailConfirmations,
  type EmailConfirmation,
  type EmailConfirmations,
} from './email-confirmations';

describe('confirmed addresses, on the real database', () => {
  let connection: Connection;
  let confirmations: EmailConfirmations;
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 9, minutes));
  const fact = (userId: string, emailConfirmed: boolean, minutes: number): EmailConfirmation => ({
    userId,
    userType: 'job_seeker',
    emailConfirmed,
    saidAt: at(minutes),
    eventId: randomUUID(),
  });

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('confirmations') })
      .asPromise();
    confirmations = createEmailConfirmations({ connection, guard: await writeGuardFor(connection) });
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('keeps what the newest event said: an older one, replayed or late, changes nothing', async () => {
    const userId = randomUUID();
    expect(await confirmations.isConfirmed(userId)).toBe(false);
    expect(await confirmations.record(fact(userId, true, 10))).toBe(true);
    expect(await confirmations.record(fact(userId, false, 5))).toBe(true);
    expect(await confirmations.isConfirmed(userId)).toBe(true);
    // a newer event says otherwise (the address was changed)
    expect(await confirmations.record(fact(userId, false, 20))).toBe(false);
    expect(await confirmations.isConfirmed(userId)).toBe(false);
  });

  it('records the same event twice as once, and keeps every account apart', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const confirmed = fact(first, true, 10);
    await Promise.all([confirmations.record(confirmed), confirmations.record(confirmed)]);
    await confirmations.record(fact(second, false, 30));
    expect(await connection.collection('email_confirmations').findOne({ _id: first as never })).toMatchObject(
      {
        emailConfirmed: true,
        saidAt: at(10),
        eventId: confirmed.eventId,
      },
    );
    expect(await confirmations.isConfirmed(first)).toBe(true);
    expect(await confirmations.isConfirmed(second)).toBe(false);
  });
});
