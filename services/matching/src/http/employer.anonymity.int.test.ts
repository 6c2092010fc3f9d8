import {
  ageBandOf,
  type CandidateDetail,
  locationNotShown,
  ZCandidateDetailAnswer,
  ZEmployerRequestsAnswer,
  ZSearchAnswer,
} from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Five Berliners alike (same place, same 5-year band, same gender) and one candidate alike no
 * one: the five are shown as they are, the rare one with nothing that could single them out,
 * in search cards, in the detail and in the request list, whatever the filters.
 */
describe('candidates who cannot be singled out', () => {
  let stack: Stack;
  let employer: TestAccount;
  let berliners: SeededCandidate[];
  let rare: SeededCandidate;
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${stack.api}/employer${path}`, { ...init, token: employer.token });
  const search = async (query: string) => ZSearchAnswer.parse((await api(`/search?${query}`)).body);
  const detail = async (candidate: SeededCandidate) =>
    ZCandidateDetailAnswer.parse((await api(`/candidate/${candidate.candidateId}`)).body).candidate;
  const traits = ({ location, age_band, gender }: CandidateDetail) => ({ location, age_band, gender });
  const bandOf = (birthYear: number) => ageBandOf(new Date().getUTCFullYear() - birthYear, 5);

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'profile', 'matching', 'gateway'],
    });
    employer = await seedEmployer(stack);
    berliners = [];
    for (const [index, spelling] of [
      'Berlin, Germany',
      'Berlin, Germany',
      'berlin germany',
      'BERLIN ,  Germany',
      'Berlin, Germany',
    ].entries()) {
      berliners.push(
        await seedCandidate(stack, {
          location: spelling,
          dateOfBirth: `1990-0${index + 1}-1${index}`,
          gender: 'female',
          skills: [{ name: index === 0 ? 'Rust' : 'Go' }],
        }),
      );
    }
    rare = await seedCandidate(stack, {
      location: 'Bremen, Germany',
      dateOfBirth: '1950-02-03',
      gender: 'non-binary',
      skills: [{ name: 'Go' }],
    });
    await eventually(async () => (await search('')).pagination.totalCount === 6, {
      what: 'six candidates indexed',
    });
  });
  afterAll(() => stack?.close());

  const alike = { location: 'Berlin, Germany', age_band: bandOf(1990), gender: 'female' };
  const nothing = { location: locationNotShown, age_band: null, gender: null };

  it('shows five alike as they are, in one spelling, and nothing that singles out the sixth', async () => {
    const cards = (await search('')).candidates;
    for (const berliner of berliners) {
      expect(cards.find((card) => card.id === berliner.candidateId)?.location).toBe('Berlin, Germany');
      expect(traits(await detail(berliner))).toEqual(alike);
    }
    expect(cards.find((card) => card.id === rare.candidateId)?.location).toBe(locationNotShown);
    expect(traits(await detail(rare))).toEqual(nothing);
  });

  it('shows the same whatever the filters narrow the results to', async () => {
    // the location filter still finds the real place (that is the product); what it shows does not change
    const bremen = await search('location=bremen');
    expect(bremen.candidates.map((card) => [card.id, card.location])).toEqual([
      [rare.candidateId, locationNotShown],
    ]);
    const rust = await search('skills=rust&location=berlin');
    expect(rust.candidates.map((card) => [card.id, card.location])).toEqual([
      [berliners[0]!.candidateId, 'Berlin, Germany'],
    ]);
  });

  it('follows the index: when one of the five leaves search, the rest are shown wider', async () => {
    const sent = await api('/request-candidate', { body: { jobSeekerId: berliners[1]!.candidateId } });
    expect(sent.body.request.candidate_location).toBe('Berlin, Germany');

    const admin = await adminAccount(stack);
    // the one who typed no comma: her place has no wider part, the others' is Germany
    const leaving = berliners[2]!;
    const suspended = await call(`${stack.url('auth')}/internal/users/${leaving.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'suspended' },
    });
    expect(suspended.status).toBe(200);
    await eventually(async () => (await search('')).pagination.totalCount === 5, {
      what: 'the suspended candidate out of search',
      timeoutMs: 15000,
    });

    // four Berliners and the one from Bremen: five alike only as Germans of some age and gender
    const german = { location: 'Germany', age_band: null, gender: null };
    for (const candidate of [...berliners.filter((berliner) => berliner !== leaving), rare])
      expect(traits(await detail(candidate))).toEqual(german);
    expect(new Set((await search('')).candidates.map((card) => card.location))).toEqual(new Set(['Germany']));
    const { requests } = ZEmployerRequestsAnswer.parse((await api('/requests')).body);
    expect(requests[0]!.candidate_location).toBe('Germany');
  });
});
