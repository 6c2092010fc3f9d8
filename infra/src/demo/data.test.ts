import { ZPositionInput } from '@meritmatch/contracts';
import { skillVocabulary } from '@meritmatch/skills';
import { describe, expect, it } from 'vitest';
import { employerSeeds, positionSeeds, tracks } from './data';

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
});
