import { randomUUID } from 'node:crypto';
import { noPreferences } from '@meritmatch/contracts';
import { createAggregateStore, type Platform, writeGuardFor } from '@meritmatch/service-kit';
import { filterFields, recordFilters, uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AddressState } from '../domain/address-rule';
import { newProfile, updatePreferences } from '../domain/job-seeker-profile';
import { createJobSeekerProfileData, type JobSeekerProfileData } from './job-seeker-profiles';

const input = {
  fullName: 'Ada Example',
  location: 'Leeds',
  dateOfBirth: '1990-04-01',
};

describe('job seeker profiles by candidate id, on the real database', () => {
  let connection: Connection;
  let profiles: JobSeekerProfileData;

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('profiles'), monitorCommands: true })
      .asPromise();
    const guard = await writeGuardFor(connection);
    // the data layer as the service makes it, without a relay: these tests read, nothing is published
    const platform = {
      connection,
      aggregateStore: (options) =>
        createAggregateStore({ ...options, relay: { notify: () => undefined }, guard }),
    } as Pick<Platform, 'connection' | 'aggregateStore'> as Platform;
    profiles = createJobSeekerProfileData(platform, 'candidates');
    await profiles.model.createIndexes();
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  const create = async (address?: AddressState) => {
    const ids = { userId: randomUUID(), candidateId: randomUUID(), uniqueCode: randomUUID().slice(0, 8) };
    const { state } = await profiles.store.create(
      newProfile(input, ids, new Date(), undefined, address),
      [],
      () => new Error('dup'),
    );
    return state;
  };

  it('finds a profile by its candidate id with `_id` reads only (FerretDB scans for any other filter)', async () => {
    const profile = await create();
    await create();
    const finds = recordFilters(connection.getClient(), 'job_seeker_profiles');
    expect(await profiles.findByCandidateId(profile.candidateId)).toMatchObject({
      userId: profile.userId,
      candidateId: profile.candidateId,
    });
    const many = await profiles.findManyByCandidateIds([profile.candidateId, profile.candidateId]);
    expect(many.map((found) => found.userId)).toEqual([profile.userId]);
    expect(finds.length).toBeGreaterThan(0);
    expect(finds.filter(({ filter }) => filterFields(filter) !== '_id')).toEqual([]);
  });

  it('finds profiles by user id with `_id` reads only, each once, unknown ids left out', async () => {
    const [first, second] = [await create(), await create()];
    const finds = recordFilters(connection.getClient(), 'job_seeker_profiles');
    const found = await profiles.findManyByUserIds([first.userId, second.userId, first.userId, randomUUID()]);
    expect(found.map((profile) => profile.userId).sort()).toEqual([first.userId, second.userId].sort());
    expect(finds).toHaveLength(3);
    expect(finds.filter(({ filter }) => filterFields(filter) !== '_id')).toEqual([]);
  });

  it('finds a profile whose key is missing (stored before the keys) and writes its key', async () => {
    const profile = await create();
    await connection.collection('candidate_keys').deleteOne({ _id: profile.candidateId as never });
    expect((await profiles.findByCandidateId(profile.candidateId))?.userId).toBe(profile.userId);
    expect(
      await connection.collection('candidate_keys').findOne({ _id: profile.candidateId as never }),
    ).toEqual({
      _id: profile.candidateId,
      id: profile.userId,
    });
  });

  it('keeps the job preferences with the profile, and reads a profile from before them as having none', async () => {
    const profile = await create();
    expect(profile.preferences).toEqual(noPreferences);
    const preferences = {
      workModes: ['on-site' as const],
      countries: ['GB' as const, 'IE' as const],
      noticeWeeks: 12,
      minimumSalary: { amount: 42000, currency: 'GBP' as const },
    };
    await profiles.store.update(
      profile.userId,
      (current) => updatePreferences(current, preferences),
      () => [],
    );
    expect((await profiles.store.load(profile.userId))?.preferences).toEqual(preferences);
    await profiles.model.collection.updateOne(
      { _id: profile.userId as never },
      { $unset: { preferences: '' } },
    );
    expect((await profiles.store.load(profile.userId))?.preferences).toEqual(noPreferences);
  });

  it('finds nothing for an unknown candidate id', async () => {
    expect(await profiles.findByCandidateId(randomUUID())).toBeNull();
    expect(await profiles.findManyByCandidateIds([randomUUID()])).toEqual([]);
  });

  it('finds the unconfirmed job seekers whose profile does not follow the rule, those from before the feature too', async () => {
    const written = {
      confirmedUnderOn: await create({ emailConfirmed: true, confirmedAddressesOnly: true }),
      confirmedUnderOff: await create({ emailConfirmed: true, confirmedAddressesOnly: false }),
      unconfirmedUnderOn: await create({ emailConfirmed: false, confirmedAddressesOnly: true }),
      unconfirmedUnderOff: await create({ emailConfirmed: false, confirmedAddressesOnly: false }),
      beforeTheFeature: await create(),
    };
    // a profile written before the feature has neither field: read as unconfirmed, under the rule off
    await profiles.model.collection.updateOne(
      { _id: written.beforeTheFeature.userId as never },
      { $unset: { emailConfirmed: '', confirmedAddressesOnly: '' } },
    );
    expect(await profiles.store.load(written.beforeTheFeature.userId)).toMatchObject({
      emailConfirmed: false,
      confirmedAddressesOnly: false,
    });
    const mine = new Set(Object.values(written).map((profile) => profile.userId));
    const offRule = async (rule: boolean) =>
      (await profiles.unconfirmedOffRule(rule)).filter((userId) => mine.has(userId)).sort();
    expect(await offRule(true)).toEqual(
      [written.unconfirmedUnderOff.userId, written.beforeTheFeature.userId].sort(),
    );
    expect(await offRule(false)).toEqual([written.unconfirmedUnderOn.userId]);
  });
});
