import { randomUUID } from 'node:crypto';
import { uniqueName } from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createCandidateCodes } from './candidate-codes';

describe("the admin service's candidate codes", () => {
  const opening = mongoose
    .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('admin_candidate_codes') })
    .asPromise();
  afterAll(async () => {
    const connection = await opening;
    await connection.dropDatabase();
    await connection.close();
  });

  it('finds a candidate by its code and the codes of candidates, each pair recorded once', async () => {
    const codes = createCandidateCodes(await opening);
    const ada = { candidateId: randomUUID(), code: 'EM100001' };
    const ben = { candidateId: randomUUID(), code: 'EM100002' };
    await codes.record([ada]);
    // a batch holding a pair already known still records the new one
    await codes.record([ada, ben]);
    expect(await codes.candidateOf('EM100002')).toBe(ben.candidateId);
    expect(await codes.candidateOf('EM999999')).toBeNull();
    const found = await codes.codesOf([ada.candidateId, ben.candidateId, randomUUID()]);
    expect(Object.fromEntries(found)).toEqual({
      [ada.candidateId]: 'EM100001',
      [ben.candidateId]: 'EM100002',
    });
  });

  it('forgets an erased candidate both ways, and only it', async () => {
    const codes = createCandidateCodes(await opening);
    const gone = { candidateId: randomUUID(), code: 'EM200001' };
    const kept = { candidateId: randomUUID(), code: 'EM200002' };
    await codes.record([gone, kept]);
    await codes.forget(gone.candidateId);
    await codes.forget(gone.candidateId);
    expect(await codes.candidateOf('EM200001')).toBeNull();
    expect((await codes.codesOf([gone.candidateId])).size).toBe(0);
    expect(await codes.candidateOf('EM200002')).toBe(kept.candidateId);
  });
});
