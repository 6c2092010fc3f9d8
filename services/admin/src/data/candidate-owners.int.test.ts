import { randomUUID } from 'node:crypto';
import { uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCandidateOwners } from './candidate-owners';

describe("candidates' owners on the database", () => {
  let connection: Connection;
  let owners: ReturnType<typeof createCandidateOwners>;
  beforeAll(async () => {
    connection = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('admin_candidate_owners') })
      .asPromise();
    owners = createCandidateOwners(connection);
  });
  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('links a batch at once; links known already are kept as they were, and the new ones of the same batch are written', async () => {
    const seeker = randomUUID();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await owners.link([
      { candidateId: first, ownerUserId: seeker },
      { candidateId: second, ownerUserId: seeker },
    ]);
    // a redelivered batch, beside a candidate seen for the first time
    await owners.link([
      { candidateId: first, ownerUserId: seeker },
      { candidateId: third, ownerUserId: seeker },
      { candidateId: second, ownerUserId: seeker },
    ]);
    expect((await owners.candidatesOf(seeker)).sort()).toEqual([first, second, third].sort());
    expect(await owners.candidatesOf(randomUUID())).toEqual([]);
  });

  it('writes a thousand links in one call, and nothing for an empty batch', async () => {
    const seeker = randomUUID();
    const batch = Array.from({ length: 1000 }, () => ({ candidateId: randomUUID(), ownerUserId: seeker }));
    await owners.link(batch);
    await owners.link([]);
    expect(await owners.candidatesOf(seeker)).toHaveLength(1000);
  });
});
