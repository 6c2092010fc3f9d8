import { randomUUID } from 'node:crypto';
import { uniqueName } from '@meritmatch/testkit';
import { type Connection, Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runWithContext } from '../core/request-context';
import { connectMongo } from './mongo';
import { guardBusy, leaseLocks } from './write-guard';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The lease guard against the real FerretDB, where it is the only thing that keeps writers of
 * one document apart. A lease left behind blocks every writer of its document until it
 * expires, so its removal must not depend on the caller still waiting, and a lease this
 * process could not remove must not block this process. The lease model is registered here
 * first (the guard uses it), with a hook that records or fails the removals.
 */
describe('lease locks on FerretDB', () => {
  let connection: Connection;
  const removals: Array<{ owner: unknown; maxTimeMS: unknown }> = [];
  let failRemovals = false;

  beforeAll(async () => {
    connection = await connectMongo({ url: inject('infra').mongoUrl, dbName: uniqueName('guard') });
    const schema = new Schema(
      { _id: { type: String, required: true }, owner: String, expiresAt: Date },
      { versionKey: false },
    );
    schema.pre('deleteOne', function recordRemoval() {
      const owner = this.getFilter().owner;
      removals.push({ owner, maxTimeMS: this.getOptions().maxTimeMS });
      if (failRemovals) throw new Error('the database did not answer (injected)');
    });
    connection.model('WriteLease', schema, 'write_leases');
  });
  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  const leaseOf = async (key: string) =>
    (await connection.models.WriteLease!.findById(key).lean()) as { owner: string } | null;

  it("removes the lease of a writer whose caller stopped waiting, with a time limit of its own, not what was left of the caller's", async () => {
    const guard = leaseLocks(connection);
    const key = `late/${randomUUID()}`;
    removals.length = 0;
    // the caller's deadline passes while the work runs
    await runWithContext({ requestId: 'late', deadline: Date.now() + 150 }, () =>
      guard.run(key, () => sleep(300)),
    );
    await expect.poll(() => leaseOf(key), { timeout: 5000 }).toBeNull();
    expect(removals.at(-1)?.maxTimeMS).toBe(2000);

    // another process gets the document at once
    const other = leaseLocks(connection, { waitMs: 1000 });
    await expect(other.run(key, async () => 'next')).resolves.toBe('next');
  });

  it('tries a failed removal again in the background, and the next writer of the same process takes over a lease that could not be removed', async () => {
    const guard = leaseLocks(connection, { waitMs: 2000 });
    const otherProcess = leaseLocks(connection, { waitMs: 500 });
    const key = `stuck/${randomUUID()}`;
    removals.length = 0;
    failRemovals = true;
    try {
      await guard.run(key, async () => 'done');
      // the caller waited for the first try only
      const triedWhenAnswered = removals.length;
      // the removal is tried again in the background, and fails every time
      await expect.poll(() => removals.length, { timeout: 10000 }).toBeGreaterThanOrEqual(5);
      expect(triedWhenAnswered).toBe(1);
      expect(removals.length).toBe(5);
      const left = await leaseOf(key);
      expect(left).not.toBeNull();

      // another process still keeps out: the lease has not expired
      await expect(otherProcess.run(key, async () => 'intruder')).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: guardBusy().message,
      });
    } finally {
      failRemovals = false;
    }

    // this process knows the lease is its own leftover: its next writer goes ahead at once
    const started = Date.now();
    await expect(guard.run(key, async () => 'again')).resolves.toBe('again');
    expect(Date.now() - started).toBeLessThan(2000);
    await expect.poll(() => leaseOf(key), { timeout: 5000 }).toBeNull();
    await expect(otherProcess.run(key, async () => 'now')).resolves.toBe('now');
  });
});
