import { ZSearchAnswer } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  type Candidate,
  type CandidateSeed,
  type MatchingHarness,
  matchingHarness,
} from '../testing/harness';

type Level = 'beginner' | 'intermediate' | 'advanced' | 'expert';
const skills = (...list: [string, Level][]) =>
  list.map(([name, proficiencyLevel]) => ({ name, proficiencyLevel }));

describe('ranked, explained search results', () => {
  let h: MatchingHarness;
  let employer: Account;
  const seeds: CandidateSeed[] = [
    {
      location: 'Berlin, Germany',
      gender: 'female',
      dateOfBirth: '1970-03-01',
      skills: skills(['React', 'beginner'], ['TypeScript', 'expert']),
    },
    {
      location: 'Lisbon, Portugal',
      gender: 'male',
      dateOfBirth: '2001-06-01',
      skills: skills(['React', 'expert']),
    },
    {
      location: 'Lyon, France',
      gender: 'non-binary',
      dateOfBirth: '1988-09-01',
      skills: skills(['ReactJS', 'advanced'], ['GraphQL', 'intermediate']),
    },
    {
      location: 'Oslo, Norway',
      gender: 'female',
      dateOfBirth: '1995-01-01',
      skills: skills(['Go', 'expert']),
    },
  ];
  let people: Candidate[];
  const search = async (query: string) =>
    ZSearchAnswer.parse((await h.as(employer, '/api/employer')(`/search?${query}`)).body);
  const ranking = async (query: string) =>
    (await search(query)).candidates.map((card) => [card.unique_code, card.fit?.score, card.fit?.label]);
  const code = (index: number) => people[index]!.uniqueCode;

  beforeAll(async () => {
    h = await matchingHarness();
    employer = await h.employer();
    people = [];
    for (const seed of seeds) people.push(await h.candidate(seed));
  });

  it('ranks must-have skills by the level of the candidate’s best skill, "ReactJS" counting as React', async () => {
    expect(await ranking('skills=react')).toEqual([
      [code(1), 100, 'Strong fit'],
      [code(2), 80, 'Strong fit'],
      [code(0), 40, 'Partial fit'],
    ]);
  });

  it('adds nice-to-have skills to the score without filtering, and names the ones a candidate lacks', async () => {
    const answer = await search('skills=react&preferred=TypeScript,%20GraphQL');
    expect(answer.candidates.map((card) => [card.unique_code, card.fit?.score])).toEqual([
      // React expert (2) of 4; ReactJS advanced (1.6) + GraphQL intermediate (0.6); React beginner (0.8) + TypeScript (1)
      [code(2), 55],
      [code(1), 50],
      [code(0), 45],
    ]);
    expect(answer.candidates[0]?.fit).toMatchObject({
      matched: ['ReactJS', 'GraphQL'],
      missing: ['TypeScript'],
    });
    expect(answer.candidates[1]?.fit).toMatchObject({
      matched: ['React'],
      missing: ['TypeScript', 'GraphQL'],
    });
    // nice-to-have alone: everyone, ranked
    const only = await search('preferred=go');
    expect(only.pagination.totalCount).toBe(4);
    expect(only.candidates[0]?.unique_code).toBe(code(3));
  });

  it('gives the same order for the same query, page after page, equal scores by code', async () => {
    const all = (await search('preferred=kotlin&limit=50')).candidates.map((card) => card.unique_code);
    expect(all).toEqual([...all].sort());
    const pages = [
      ...(await search('skills=react&limit=2&page=1')).candidates,
      ...(await search('skills=react&limit=2&page=2')).candidates,
    ].map((card) => card.unique_code);
    expect(pages).toEqual((await ranking('skills=react')).map(([unique]) => unique));
  });

  it('has no fit and keeps the order by code when no skill is searched', async () => {
    const answer = await search('location=germany');
    expect(answer.candidates.map((card) => card.fit)).toEqual([null]);
  });

  it('never ranks by gender, age or location: swapping them between candidates changes no score or place', async () => {
    const queries = ['skills=react', 'skills=react&preferred=typescript,graphql', 'preferred=go,react'];
    const before = await Promise.all(queries.map(ranking));
    const traits = seeds.map(({ location, gender, dateOfBirth }) => ({ location, gender, dateOfBirth }));
    try {
      // each candidate takes the next one's place, gender and birth date
      for (const [index, seed] of seeds.entries()) {
        h.updateProfile(people[index]!, { ...seed, ...traits[(index + 1) % seeds.length] });
      }
      expect(await Promise.all(queries.map(ranking))).toEqual(before);
    } finally {
      for (const [index, seed] of seeds.entries()) h.updateProfile(people[index]!, seed);
    }
  });
});
