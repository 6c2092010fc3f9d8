import {
  type CandidateProjection,
  employerAddressUnconfirmedMessage,
  userStatuses,
} from '@meritmatch/contracts';
import { type AggregateStore, DomainError, type PendingEvent, type Versioned } from '@meritmatch/service-kit';
import { describe, expect, it } from 'vitest';
import { profileErrors } from '../http/errors';
import { profileInput } from '../http/fixtures';
import { createEmployers } from '../use-cases/employers';
import { createJobSeekers } from '../use-cases/job-seekers';
import type { AddressState } from './address-rule';
import type { EmployerProfile } from './employer-profile';
import { type JobSeekerProfile, newProfile, withAddressState } from './job-seeker-profile';
import { anonymousProjection } from './projection';

const at = new Date('2026-03-01T09:00:00Z');
const userId = '11111111-1111-4111-8111-111111111111';
const ids = { userId, candidateId: '22222222-2222-4222-8222-222222222222', uniqueCode: 'EM100200' };

const seeker = (address: AddressState, accountStatus: JobSeekerProfile['accountStatus'] = 'active') => ({
  ...newProfile(profileInput as never, ids, at, undefined, address),
  accountStatus,
});

/** Just enough of the aggregate store, in memory, to run the use cases: it records what it publishes. */
function memoryStore<S extends Versioned & { userId: string }>() {
  const states = new Map<string, S>();
  const published: PendingEvent[] = [];
  let writes = 0;
  const store = {
    async load(id: string) {
      return states.get(id) ?? null;
    },
    async create(state: S, events: PendingEvent[], onDuplicate: (error: unknown) => Error) {
      if (states.has(state.userId)) throw onDuplicate(new Error('duplicate'));
      states.set(state.userId, state);
      published.push(...events);
      writes += 1;
      return { state, replayed: false };
    },
    async change(
      id: string,
      decide: (current: S) => { next: S; events: PendingEvent[] | ((stamped: S) => PendingEvent[]) },
    ) {
      const current = states.get(id);
      if (!current) return null;
      const decision = decide(current);
      if (decision.next === current && Array.isArray(decision.events) && decision.events.length === 0)
        return { state: current, replayed: false };
      const stamped = { ...decision.next, version: current.version + 1, updatedAt: at };
      states.set(id, stamped);
      published.push(...(typeof decision.events === 'function' ? decision.events(stamped) : decision.events));
      writes += 1;
      return { state: stamped, replayed: false };
    },
    async update(id: string, mutate: (current: S) => S, events: (stamped: S, before: S) => PendingEvent[]) {
      const changed = await this.change(id, (current) => ({
        next: mutate(current),
        events: (stamped) => events(stamped, current),
      }));
      if (!changed) throw new DomainError('missing');
      return changed.state;
    },
  };
  return {
    store: store as unknown as AggregateStore<S>,
    states,
    published,
    writes: () => writes,
  };
}

const searchability = (events: PendingEvent[]) =>
  events.map((event) => (event.data as CandidateProjection).searchable);

describe('a candidate is searchable', () => {
  const cases = userStatuses.flatMap((status) =>
    [true, false].flatMap((emailConfirmed) =>
      [true, false].map((confirmedAddressesOnly) => ({
        status,
        emailConfirmed,
        confirmedAddressesOnly,
        searchable: status === 'active' && (emailConfirmed || !confirmedAddressesOnly),
      })),
    ),
  );

  it.each(cases)(
    'account $status, address confirmed $emailConfirmed, only confirmed addresses $confirmedAddressesOnly: $searchable',
    ({ status, emailConfirmed, confirmedAddressesOnly, searchable }) => {
      const profile = seeker({ emailConfirmed, confirmedAddressesOnly }, status);
      expect(anonymousProjection(profile).searchable).toBe(searchable);
    },
  );

  it('as before, when the profile predates confirmed addresses (read as unconfirmed, the rule off)', () => {
    expect(anonymousProjection(newProfile(profileInput as never, ids, at)).searchable).toBe(true);
  });

  it('changes the profile only when the address state differs', () => {
    const profile = seeker({ emailConfirmed: false, confirmedAddressesOnly: true });
    expect(withAddressState(profile, { emailConfirmed: false, confirmedAddressesOnly: true })).toBe(profile);
    expect(withAddressState(profile, {})).toBe(profile);
    expect(withAddressState(profile, { emailConfirmed: true })).toMatchObject({
      emailConfirmed: true,
      confirmedAddressesOnly: true,
    });
  });
});

describe('the job seeker use cases and the address', () => {
  const setUp = (rule: { on: boolean }, confirmed: () => boolean) => {
    const memory = memoryStore<JobSeekerProfile>();
    const jobSeekers = createJobSeekers({
      store: memory.store,
      emailConfirmed: async () => confirmed(),
      confirmedAddressesOnly: () => rule.on,
      clock: () => at,
    });
    return { memory, jobSeekers };
  };

  it('creates the profile with the address as recorded and the rule as it stands', async () => {
    const { memory, jobSeekers } = setUp({ on: true }, () => false);
    const created = await jobSeekers.create(userId, profileInput as never);
    expect(created).toMatchObject({ emailConfirmed: false, confirmedAddressesOnly: true });
    expect(searchability(memory.published)).toEqual([false]);
  });

  it('catches a confirmation recorded between the read and the create', async () => {
    let reads = 0;
    // the first read says unconfirmed; the confirmation is recorded before the next one
    const { memory, jobSeekers } = setUp({ on: true }, () => reads++ > 0);
    const created = await jobSeekers.create(userId, profileInput as never);
    expect(created).toMatchObject({ emailConfirmed: true, version: 2 });
    expect(searchability(memory.published)).toEqual([false, true]);
  });

  it('republishes on a confirmation, and writes nothing when nothing differs', async () => {
    const rule = { on: true };
    const { memory, jobSeekers } = setUp(rule, () => false);
    await jobSeekers.create(userId, profileInput as never);
    await jobSeekers.applyEmailConfirmation(userId, false);
    expect(memory.writes()).toBe(1);
    await jobSeekers.applyEmailConfirmation(userId, true);
    await jobSeekers.applyEmailConfirmation(userId, true);
    expect(memory.writes()).toBe(2);
    expect(searchability(memory.published)).toEqual([false, true]);
    // an address changed later is unconfirmed again
    await jobSeekers.applyEmailConfirmation(userId, false);
    expect(searchability(memory.published)).toEqual([false, true, false]);
  });

  it('follows a change of the rule, once', async () => {
    const rule = { on: false };
    const { memory, jobSeekers } = setUp(rule, () => false);
    await jobSeekers.create(userId, profileInput as never);
    rule.on = true;
    await jobSeekers.applyAddressRule(userId, true);
    await jobSeekers.applyAddressRule(userId, true);
    rule.on = false;
    await jobSeekers.applyAddressRule(userId, false);
    expect(searchability(memory.published)).toEqual([true, false, true]);
  });

  it('does nothing for a job seeker without a profile', async () => {
    const { memory, jobSeekers } = setUp({ on: true }, () => true);
    expect(await jobSeekers.applyEmailConfirmation(userId, true)).toBeNull();
    expect(await jobSeekers.applyAddressRule(userId, true)).toBeNull();
    expect(memory.writes()).toBe(0);
  });
});

describe('verifying an employer', () => {
  const company: EmployerProfile = {
    userId,
    companyName: 'Acme Robotics',
    industry: 'Technology',
    companySize: '51-200',
    website: null,
    description: 'We build warehouse robots.',
    verified: false,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  const setUp = (address: AddressState) => {
    const memory = memoryStore<EmployerProfile>();
    memory.states.set(userId, company);
    let asked = 0;
    const employers = createEmployers({
      store: memory.store,
      addressOf: async () => {
        asked += 1;
        return address;
      },
      clock: () => at,
    });
    return { memory, employers, asked: () => asked };
  };

  it('is refused while only confirmed addresses can be verified and this one is not', async () => {
    const { memory, employers } = setUp({ emailConfirmed: false, confirmedAddressesOnly: true });
    const refusal = await employers.setVerification(userId, true).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).reason).toBe('company.address-unconfirmed');
    expect(memory.writes()).toBe(0);
  });

  it.each([
    { emailConfirmed: true, confirmedAddressesOnly: true },
    { emailConfirmed: true, confirmedAddressesOnly: false },
    { emailConfirmed: false, confirmedAddressesOnly: false },
  ])('is allowed with %o', async (address) => {
    const { employers } = setUp(address);
    expect((await employers.setVerification(userId, true)).verified).toBe(true);
  });

  it('can always be revoked, without asking for the address', async () => {
    const { memory, employers, asked } = setUp({ emailConfirmed: false, confirmedAddressesOnly: true });
    memory.states.set(userId, { ...company, verified: true });
    expect((await employers.setVerification(userId, false)).verified).toBe(false);
    expect(asked()).toBe(0);
  });

  it('answers the refusal as a conflict with the words the admin screen shows', () => {
    const answer = profileErrors(new DomainError('company.address-unconfirmed'));
    expect(answer?.status).toBe(409);
    expect(answer?.message).toBe(employerAddressUnconfirmedMessage);
  });
});
