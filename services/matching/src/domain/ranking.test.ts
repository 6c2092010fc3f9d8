import { describe, expect, it } from 'vitest';
import { byFit, educationFit, experienceFit, fitOf, type SkillTerm } from './ranking';

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
      ranking: 'fit-2',
      matched: ['React', 'React Native', 'Docker'],
      missing: [],
      factors: { skills: 80, experience: null, education: null },
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

  it("weighs a position's experience and education levels beside the skills, 70 : 15 : 15", () => {
    const skills = [skill('Go', 'expert')];
    const levels = (experience: 'entry' | 'mid' | 'senior', education: 'bachelor' | null) => ({
      targets: { experience: 'senior' as const, education: 'master' as const },
      candidate: { experience, education },
    });
    // skills 1 × 70, experience a band off (½) × 15, education a level below (½) × 15 → 85
    expect(fitOf(skills, [term('go')], [], levels('mid', 'bachelor'))).toMatchObject({
      score: 85,
      label: 'Strong fit',
      factors: { skills: 100, experience: 'near', education: 'near' },
    });
    // two bands off and no degree: only the skills count → 70
    expect(fitOf(skills, [term('go')], [], levels('entry', null))).toMatchObject({
      score: 70,
      factors: { experience: 'far', education: 'far' },
    });
  });

  it('leaves out a level the position does not ask for, the others sharing its weight', () => {
    const skills = [skill('Go', 'advanced')];
    // skills 0.8 × 70 + experience 1 × 15, of 85 → 83.5 → 84
    expect(
      fitOf(skills, [term('go')], [], {
        targets: { experience: 'mid', education: 'all' },
        candidate: { experience: 'mid', education: null },
      }),
    ).toMatchObject({ score: 84, factors: { skills: 80, experience: 'meets', education: null } });
    // no levels asked: the skills alone, as without a position
    expect(
      fitOf(skills, [term('go')], [], {
        targets: { experience: 'all', education: 'all' },
        candidate: { experience: 'senior', education: 'phd' },
      }),
    ).toEqual(fitOf(skills, [term('go')], []));
  });

  it('reads levels: a band either way is near, a higher degree meets a lower requirement', () => {
    expect(experienceFit('senior', 'mid')).toBe('near');
    expect(experienceFit('entry', 'senior')).toBe('far');
    expect(experienceFit('mid', 'all')).toBeNull();
    expect(educationFit('phd', 'bachelor')).toBe('meets');
    expect(educationFit('bachelor', 'master')).toBe('near');
    expect(educationFit('high_school', 'master')).toBe('far');
    expect(educationFit(null, 'high_school')).toBe('near');
    expect(educationFit(null, 'all')).toBeNull();
  });

  it('orders best first, and equal fits by code, whatever the order they came in', () => {
    const fit = (score: number) => ({
      score,
      label: 'Good fit' as const,
      ranking: 'fit-2' as const,
      matched: [],
      missing: [],
      factors: { skills: score, experience: null, education: null },
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
