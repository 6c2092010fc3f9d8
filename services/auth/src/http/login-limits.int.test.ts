import { ApiError, connectMongo } from '@meritmatch/service-kit';
import { uniqueName } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLoginLimits, type LoginAttempt } from './login-limits';

type Connection = Awaited<ReturnType<typeof connectMongo>>;

/** Two auth instances' limits: each its own connection to the one database, as two processes have. */
describe('sign-in limits shared by every auth instance, on the real FerretDB', () => {
  const dbName = uniqueName('t_login_limits');
  let first: Connection;
  let second: Connection;
  // one clock for both, well inside one 15-minute window
  let now = 2_000_000_100_000;
  const instances = () => {
    const options = {
      failuresPerAccount: 5,
      attemptsPerAddress: 12,
      windowSeconds: 900,
      onStoreError: (error: unknown) => {
        throw error;
      },
      now: () => now,
    };
    return [
      createLoginLimits({ ...options, connection: first }),
      createLoginLimits({ ...options, connection: second }),
    ] as const;
  };
  const outcome = (attempt: Promise<LoginAttempt>) =>
    attempt.then(
      () => 'admitted',
      (error) => (error instanceof ApiError ? error.code : 'error'),
    );

  beforeAll(async () => {
    first = await connectMongo({ url: inject('infra').mongoUrl, dbName });
    second = await connectMongo({ url: inject('infra').mongoUrl, dbName });
  });
  afterAll(async () => {
    await first?.db?.dropDatabase();
    await first?.close();
    await second?.close();
  });

  it("adds up an account's failures made through either instance", async () => {
    const [a, b] = instances();
    const outcomes = [];
    for (let i = 0; i < 6; i++)
      outcomes.push(await outcome((i % 2 === 0 ? a : b).admit(`198.51.100.${i}`, 'Target@example.com')));
    expect(outcomes).toEqual(['admitted', 'admitted', 'admitted', 'admitted', 'admitted', 'RATE_LIMITED']);
    // the account is the lower-cased e-mail, and the refusal says how long to wait
    const refused = await a.admit('198.51.100.9', 'target@example.com').catch((error) => error);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(900);
  });

  it('lets no more concurrent guesses through than the limit, however they are spread', async () => {
    const [a, b] = instances();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        outcome((i % 2 === 0 ? a : b).admit(`203.0.113.${i}`, 'concurrent@example.com')),
      ),
    );
    expect(outcomes.filter((o) => o === 'admitted')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'RATE_LIMITED')).toHaveLength(15);
  });

  it('clears the failures before a sign-in that succeeded, on every instance', async () => {
    const [a, b] = instances();
    for (let i = 0; i < 4; i++) await a.admit('192.0.2.1', 'forgetful@example.com');
    const right = await b.admit('192.0.2.2', 'forgetful@example.com');
    await right.succeeded();
    // five more attempts through the other instance: a count that was not cleared would refuse the second
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(await outcome(a.admit('192.0.2.3', 'forgetful@example.com')));
    expect(outcomes).toEqual(['admitted', 'admitted', 'admitted', 'admitted', 'admitted', 'RATE_LIMITED']);
  });

  it('counts every attempt from one address across instances, and starts afresh in the next window', async () => {
    const [a, b] = instances();
    const outcomes = [];
    for (let i = 0; i < 13; i++)
      outcomes.push(await outcome((i % 2 === 0 ? a : b).admit('203.0.113.200', `person-${i}@example.com`)));
    expect(outcomes.slice(0, 12)).toEqual(Array(12).fill('admitted'));
    expect(outcomes[12]).toBe('RATE_LIMITED');

    now += 900_000;
    expect(await outcome(b.admit('203.0.113.200', 'person-0@example.com'))).toBe('admitted');
    // the ended window's counts are swept away
    const slots = () =>
      Promise.all(
        ['login_attempt_slots', 'login_failure_slots'].map((name) =>
          first
            .db!.collection<{ expireAt: Date }>(name)
            .countDocuments({ expireAt: { $lte: new Date(now) } }),
        ),
      );
    expect((await slots()).some((count) => count > 0)).toBe(true);
    await a.sweep();
    expect(await slots()).toEqual([0, 0]);
  });
});
