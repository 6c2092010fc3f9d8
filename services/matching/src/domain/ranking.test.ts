import { describe, expect, it } from 'vitest';
import { byFit, fitOf, type SkillTerm } from './ranking';

const term = (shown: string, ...synonyms: string[]): SkillTerm => {
  const text = shown.toLowerCase();
  return { shown, text, alike: new Set([text, ...synonyms]) };
};
const skill = (name: string, proficiencyLevel: 'beginner' | 'intermediate' | 'advanced' | 'expert') => ({
  name,
  proficiencyLevel,
});

describe('a candidate’s fit to a search', () => {
  it('has none when the search names no skill', () => {
    expect(fitOf([skill('React', 'expert')], [], [])).toBeNull();
  });

  it('weighs each searched skill by the level of the best skill answering it, must-have skills twice', () => {
    const skills = [
      skill('React', 'expert'),
      skill('React Native', 'beginner'),
      skill('Docker', 'intermediate'),
    ];
    // React: expert (1) × 2; Docker: intermediate (0.6) × 2 → 3.2 of 4
    expect(fitOf(skills, [term('react'), term('docker')], [])).toMatchObject({
      score: 80,
      label: 'Strong fit',
      ranking: 'skills-1',
      matched: ['React', 'React Native', 'Docker'],
      missing: [],
    });
    // a nice-to-have counts once, and one it lacks is named as typed: (2 + 0) of 3
    expect(fitOf(skills, [term('react')], [term('GraphQL')])).toMatchObject({
      score: 67,
      label: 'Good fit',
      missing: ['GraphQL'],
    });
    expect(fitOf([skill('React', 'beginner')], [term('react')], [])).toMatchObject({
      score: 40,
      label: 'Partial fit',
    });
  });

  it('counts a skill typed by another of its names', () => {
    expect(fitOf([skill('JS', 'advanced')], [term('JavaScript', 'js', 'ecmascript')], [])).toMatchObject({
      score: 80,
      matched: ['JS'],
    });
  });

  it('orders best first, and equal fits by code, whatever the order they came in', () => {
    const fit = (score: number) => ({
      score,
      label: 'Good fit' as const,
      ranking: 'skills-1' as const,
      matched: [],
      missing: [],
    });
    const entries = [
      { code: 'EM300000', fit: fit(60) },
      { code: 'EM100000', fit: fit(60) },
      { code: 'EM200000', fit: fit(90) },
      { code: 'EM050000', fit: null },
    ];
    const order = (list: typeof entries) => [...list].sort(byFit).map((entry) => entry.code);
    expect(order(entries)).toEqual(['EM200000', 'EM100000', 'EM300000', 'EM050000']);
    expect(order([...entries].reverse())).toEqual(order(entries));
  });
});
