import { skillSuggestions } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import { mergeEntries, SkillVocabulary, skillVocabulary } from './index';

describe('the skills vocabulary', () => {
  const vocabulary = skillVocabulary();

  it('holds thousands of skills, technical and not', () => {
    expect(vocabulary.size).toBeGreaterThanOrEqual(2000);
    for (const name of ['JavaScript', 'Python', 'welding', 'customer service', 'French', 'Microsoft Excel']) {
      expect(vocabulary.named(name), name).not.toHaveLength(0);
    }
  });

  it('names every suggested skill of the profile builder', () => {
    const unnamed = skillSuggestions
      .flatMap((group) => group.skills)
      .filter((name) => vocabulary.named(name).length === 0);
    expect(unnamed).toEqual([]);
  });

  it('finds a skill by any of its names, case and spacing aside', () => {
    const [javascript] = vocabulary.named('JavaScript');
    expect(javascript?.id).toMatch(/^esco:/);
    for (const name of ['JS', 'javascript', '  ECMAScript ', 'es6']) {
      expect(vocabulary.named(name).map((skill) => skill.id)).toContain(javascript?.id);
    }
  });

  it('gives a search term its synonyms in both directions, and an unknown term only itself', () => {
    expect(vocabulary.synonyms('JS')).toEqual(expect.arrayContaining(['js', 'javascript', 'ecmascript']));
    expect(vocabulary.synonyms('JavaScript')).toEqual(expect.arrayContaining(['javascript', 'js']));
    expect(vocabulary.synonyms('k8s')).toContain('kubernetes');
    expect(vocabulary.synonyms('Zorblax framework')).toEqual(['zorblax framework']);
  });

  it('suggests while typing: an equal name first, then names starting with the text, in a stable order', () => {
    const js = vocabulary.suggest('js');
    expect(js[0]).toMatchObject({ name: 'JavaScript', matched: 'JS' });
    const jav = vocabulary.suggest('jav');
    expect(jav[0]?.name).toBe('Java');
    expect(jav.slice(0, 3).map((s) => s.name)).toContain('JavaScript');
    expect(vocabulary.suggest('jav')).toEqual(jav);
    expect(vocabulary.suggest('excel', 3)).toHaveLength(3);
    expect(vocabulary.suggest('   ')).toEqual([]);
  });

  it('shows a qualified label by its bare name when the bare name is one of its own', () => {
    const [python] = vocabulary.suggest('python');
    expect(python).toMatchObject({ name: 'Python' });
    expect(vocabulary.named('Python')[0]?.label).toBe('Python (computer programming)');
  });

  it('finds words inside names, and from three letters any part of a name', () => {
    expect(vocabulary.suggest('service').map((s) => s.name)).toContain('customer service');
    expect(vocabulary.suggest('ql').some((s) => s.name === 'SQL')).toBe(false);
    expect(vocabulary.suggest('sql').some((s) => s.name === 'SQL')).toBe(true);
  });
});

describe('mergeEntries', () => {
  it('merges our additions into a source entry by id, each name once', () => {
    const merged = mergeEntries(
      [['esco:1', 'JavaScript', ['Javascript', 'ECMAScript']]],
      [
        ['esco:1', 'JavaScript', ['JS', 'ecmascript', 'javascript']],
        ['mm:kotlin', 'Kotlin'],
      ],
    );
    expect(merged).toEqual([
      ['esco:1', 'JavaScript', ['ECMAScript', 'JS']],
      ['mm:kotlin', 'Kotlin', []],
    ]);
    expect(new SkillVocabulary(merged).named('js')[0]?.name).toBe('JavaScript');
  });
});
