import { ZJobPreferences, ZPositionInput } from '@meritmatch/contracts';
import { skillVocabulary } from '@meritmatch/skills';
import { describe, expect, it } from 'vitest';
import { employerSeeds, positionSeeds, tracks } from './data';
import { planPreferences, planSeeker } from './plan';
import { seededRandom } from './random';
import { demoPreferencesSeed, demoSeeker5Preferences } from './seed';

describe('the demo data', () => {
  it('gives candidates skills that the skills vocabulary knows, so that search finds them by any name', () => {
    const vocabulary = skillVocabulary();
    const unknown = tracks
      .flatMap((track) => track.skills)
      .filter((name) => vocabulary.named(name).length === 0);
    expect(unknown).toEqual([]);
  });

  it('gives each verified employer valid positions in skills the candidates have', () => {
    const verified = employerSeeds.slice(0, 6).map((company) => company.companyName);
    expect(Object.keys(positionSeeds).sort()).toEqual([...verified].sort());
    const skills = new Set(tracks.flatMap((track) => track.skills));
    for (const position of Object.values(positionSeeds).flat()) {
      const parsed = ZPositionInput.parse(position);
      for (const skill of [...parsed.mustHave, ...parsed.niceToHave]) expect(skills, skill).toContain(skill);
    }
  });

  it('gives about two in five candidates job preferences the profile service takes, of every kind', () => {
    const seekers = seededRandom(20261126);
    const plans = Array.from({ length: 300 }, (_, index) => planSeeker(seekers, index + 1));
    const rng = seededRandom(demoPreferencesSeed);
    const preferences = plans.map((plan) => planPreferences(rng, plan));
    const some = preferences.filter((chosen) => chosen !== null);
    expect(some.length).toBeGreaterThan(90);
    expect(some.length).toBeLessThan(150);
    for (const chosen of [...some, demoSeeker5Preferences])
      expect(ZJobPreferences.parse(chosen)).toEqual(chosen);
    // every kind of preference is in the demo, and a minimum salary in more than one currency
    expect(some.some((chosen) => chosen.workModes.length > 0)).toBe(true);
    expect(some.some((chosen) => chosen.countries.length > 1)).toBe(true);
    expect(some.some((chosen) => chosen.noticeWeeks !== null)).toBe(true);
    expect(
      new Set(some.map((chosen) => chosen.minimumSalary?.currency).filter(Boolean)).size,
    ).toBeGreaterThan(2);
  });
});
