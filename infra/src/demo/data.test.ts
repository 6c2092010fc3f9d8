import { skillVocabulary } from '@meritmatch/skills';
import { describe, expect, it } from 'vitest';
import { tracks } from './data';

describe('the demo data', () => {
  it('gives candidates skills that the skills vocabulary knows, so that search finds them by any name', () => {
    const vocabulary = skillVocabulary();
    const unknown = tracks
      .flatMap((track) => track.skills)
      .filter((name) => vocabulary.named(name).length === 0);
    expect(unknown).toEqual([]);
  });
});
