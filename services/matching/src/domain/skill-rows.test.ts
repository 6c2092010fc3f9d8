import { describe, expect, it } from 'vitest';
import { StringPool } from './compact-projection';
import { rememberedTermWeights, type SkillTerm, scoreOf, scoreOfBest } from './ranking';
import { rowWidth, SkillRows } from './skill-rows';

type Level = 'beginner' | 'intermediate' | 'advanced' | 'expert';
const levels: Level[] = ['beginner', 'intermediate', 'advanced', 'expert'];
const term = (shown: string): SkillTerm => ({
  shown,
  text: shown.toLowerCase(),
  alike: new Set([shown.toLowerCase()]),
});

/** A seeded generator (mulberry32): the same candidates every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const names = [
  'Python',
  'SQL',
  'Docker',
  'React',
  'React Native',
  'Go',
  'AWS',
  'Excel',
  'Statistics',
  'PostgreSQL',
];

describe('the skills of each slot, in rows of numbers', () => {
  const pool = new StringPool();
  const lower = (name: string) => pool.lower(name);
  const skillsOf = (...held: [string, Level][]) =>
    held.map(([name, proficiencyLevel]) => pool.skill({ name, proficiencyLevel }));
  const weigh = (rows: SkillRows, slot: number, mustHave: SkillTerm[], niceToHave: SkillTerm[]) => {
    const weights = rememberedTermWeights(mustHave, niceToHave, lower, pool);
    const best = new Float64Array(mustHave.length + niceToHave.length);
    return rows.bestWeights(slot, weights.ofNumber, best.length, best) ? [...best] : undefined;
  };

  it('give the best weight of the skills answering each term, 0 where none does, and forget what a slot held before', () => {
    const rows = new SkillRows();
    rows.set(
      3,
      skillsOf(['React', 'beginner'], ['React Native', 'expert'], ['Docker', 'intermediate']),
      pool,
    );
    // react: the best of React and React Native (expert, 1); docker: intermediate (0.6); go: none
    expect(weigh(rows, 3, [term('react')], [term('docker'), term('go')])).toEqual([1, 0.6, 0]);
    rows.set(3, skillsOf(['React', 'beginner']), pool);
    expect(weigh(rows, 3, [term('react')], [term('docker')])).toEqual([0.4, 0]);
    // a slot far past the first rows: the array grows
    rows.set(50_000, skillsOf(['Go', 'advanced']), pool);
    expect(weigh(rows, 50_000, [term('go')], [])).toEqual([0.8]);
    expect(weigh(rows, 3, [term('react')], [])).toEqual([0.4]);
  });

  it('send a candidate with more skills than a row holds, or a skill the pool does not number, to its projection', () => {
    const rows = new SkillRows();
    const many = Array.from({ length: rowWidth + 1 }, (_, at) =>
      pool.skill({ name: `Skill ${at}`, proficiencyLevel: 'expert' }),
    );
    rows.set(0, many, pool);
    expect(weigh(rows, 0, [term('skill 1')], [])).toBeUndefined();
    rows.set(1, [{ name: 'Unpooled', proficiencyLevel: 'expert' }], pool);
    expect(weigh(rows, 1, [term('unpooled')], [])).toBeUndefined();
    rows.set(2, many.slice(0, rowWidth), pool);
    expect(weigh(rows, 2, [term('skill 15')], [])).toEqual([1]);
  });

  it('score every candidate exactly as its skills do, for any search', () => {
    const random = seeded(27);
    const rows = new SkillRows();
    const candidates = Array.from({ length: 500 }, (_, slot) => {
      const skills = Array.from({ length: Math.floor(random() * 12) }, () =>
        pool.skill({
          name: names[Math.floor(random() * names.length)]!,
          proficiencyLevel: levels[Math.floor(random() * levels.length)]!,
        }),
      );
      rows.set(slot, skills, pool);
      return skills;
    });
    const searches: [SkillTerm[], SkillTerm[]][] = [
      [[term('python')], []],
      [
        [term('sql'), term('python')],
        [term('docker'), term('aws')],
      ],
      [[term('react')], [term('go'), term('excel'), term('statistics')]],
      [[], [term('postgres'), term('sql')]],
    ];
    for (const [mustHave, niceToHave] of searches) {
      const weights = rememberedTermWeights(mustHave, niceToHave, lower, pool);
      const best = new Float64Array(mustHave.length + niceToHave.length);
      candidates.forEach((skills, slot) => {
        expect(rows.bestWeights(slot, weights.ofNumber, best.length, best)).toBe(true);
        expect(scoreOfBest(best, mustHave, niceToHave, undefined, 'entry', null)).toBe(
          scoreOf(skills, weights.of, mustHave, niceToHave),
        );
      });
    }
  });

  it('are numbered by the pool, which gives each number its skill', () => {
    const [python] = skillsOf(['Python', 'expert']);
    expect(pool.numberOf(python!)).toEqual(expect.any(Number));
    expect(pool.skillAt(pool.numberOf(python!)!)).toBe(python);
    expect(pool.numberOf({ name: 'Python', proficiencyLevel: 'expert' })).toBeUndefined();
  });
});
