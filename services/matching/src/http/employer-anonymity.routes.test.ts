import {
  ageBandOf,
  type CandidateDetail,
  locationNotShown,
  ZCandidateDetailAnswer,
  ZEmployerRequestsAnswer,
  ZSearchAnswer,
} from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type Candidate, type MatchingHarness, matchingHarness } from '../testing/harness';

/**
 * Five Berliners alike (same place, same 5-year band, same gender) and one candidate alike no
 * one: the five are shown as they are, the rare one with nothing that could single them out,
 * in search cards, in the detail and in the request list, whatever the filters.
 */
describe('candidates who cannot be singled out', () => {
  let h: MatchingHarness;
  let employer: Account;
  let berliners: Candidate[];
  let rare: Candidate;
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    h.as(employer, '/api/employer')(path, init);
  const search = async (query: string) => ZSearchAnswer.parse((await api(`/search?${query}`)).body);
  const detail = async (candidate: Candidate) =>
    ZCandidateDetailAnswer.parse((await api(`/candidate/${candidate.candidateId}`)).body).candidate;
  const traits = ({ location, age_band, gender }: CandidateDetail) => ({ location, age_band, gender });
  const bandOf = (birthYear: number) => ageBandOf(new Date().getUTCFullYear() - birthYear, 5);

  beforeAll(async () => {
    h = await matchingHarness();
    employer = await h.employer();
    berliners = [];
    for (const [index, spelling] of [
      'Berlin, Germany',
      'Berlin, Germany',
      'berlin germany',
      'BERLIN ,  Germany',
      'Berlin, Germany',
    ].entries()) {
      berliners.push(
        await h.candidate({
          location: spelling,
          dateOfBirth: `1990-0${index + 1}-1${index}`,
          gender: 'female',
          skills: [{ name: index === 0 ? 'Rust' : 'Go' }],
        }),
      );
    }
    rare = await h.candidate({
      location: 'Bremen, Germany',
      dateOfBirth: '1950-02-03',
      gender: 'non-binary',
      skills: [{ name: 'Go' }],
    });
    expect((await search('')).pagination.totalCount).toBe(6);
  });

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

    // the one who typed no comma: her place has no wider part, the others' is Germany
    const leaving = berliners[2]!;
    // suspended: profile publishes her as not searchable
    h.setAccountStatus(leaving, 'suspended');
    expect((await search('')).pagination.totalCount).toBe(5);

    // four Berliners and the one from Bremen: five alike only as Germans of some age and gender
    const german = { location: 'Germany', age_band: null, gender: null };
    for (const candidate of [...berliners.filter((berliner) => berliner !== leaving), rare])
      expect(traits(await detail(candidate))).toEqual(german);
    expect(new Set((await search('')).candidates.map((card) => card.location))).toEqual(new Set(['Germany']));
    const { requests } = ZEmployerRequestsAnswer.parse((await api('/requests')).body);
    expect(requests[0]!.candidate_location).toBe('Germany');
  });
});
