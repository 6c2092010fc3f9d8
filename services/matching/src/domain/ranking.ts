import {
  type CandidateFit,
  type CandidateProjection,
  type EducationFilter,
  type ExperienceFilter,
  factorWeights,
  fitThresholds,
  type LevelFit,
  levelFit,
  mustHaveWeight,
  niceToHaveWeight,
  proficiencyWeights,
  rankingVersion,
} from '@meritmatch/contracts';
import type { SkillNumbers } from './compact-projection';
import { type EducationLevel, type ExperienceBand, educationRank } from './qualifications';

/**
 * A searched skill: the text as the employer typed it, its comparison form, and the names that
 * mean the same (the skills vocabulary's synonyms, the text's own form included).
 */
export type SkillTerm = { shown: string; text: string; alike: ReadonlySet<string> };

/**
 * The shortest searched text that also finds the skills it is part of ("js" finds "Node.js"). A
 * shorter one names a skill whole: "R" and "C" are languages, and one letter is part of nearly
 * every skill's name (at a million candidates such a search scored them all, for seconds).
 */
export const shortestPartialTerm = 2;

/**
 * Whether a candidate's skill name (lower-cased) answers a searched skill: the term or a synonym
 * whole, or, from `shortestPartialTerm` characters, a name the term is part of.
 */
export const answers = (term: SkillTerm, value: string) =>
  term.alike.has(value) || (term.text.length >= shortestPartialTerm && value.includes(term.text));

/**
 * The levels a search from a position asks for ('all': that factor is not asked), and the
 * candidate's own (the experience band of the search's day, the highest education level).
 */
export type LevelTargets = { experience: ExperienceFilter; education: EducationFilter };
export type CandidateLevels = { experience: ExperienceBand; education: EducationLevel | null };

const bandOrder: readonly ExperienceBand[] = ['entry', 'mid', 'senior'];

/** The same band meets it; the next band either way is near; further is far. */
export function experienceFit(band: ExperienceBand, target: ExperienceFilter): LevelFit | null {
  if (target === 'all') return null;
  const steps = Math.abs(bandOrder.indexOf(band) - bandOrder.indexOf(target));
  return steps === 0 ? 'meets' : steps === 1 ? 'near' : 'far';
}

/** At least the level meets it; one level below is near; further (or no recognised degree below a bachelor) is far. */
export function educationFit(level: EducationLevel | null, target: EducationFilter): LevelFit | null {
  if (target === 'all') return null;
  const below = educationRank(target) - educationRank(level);
  return below <= 0 ? 'meets' : below <= 1 ? 'near' : 'far';
}

/** What a fit explains beside its score: the skills that answered, those it lacks, each factor. */
export type Explained = {
  matched: Set<string>;
  missing: string[];
  skillShare: number;
  experience: LevelFit | null;
  education: LevelFit | null;
};

type Skill = CandidateProjection['skills'][number];

/**
 * What a skill brings to each searched term, must-have terms first: the weight of its level where
 * it answers the term, -1 where it does not.
 */
export type TermWeights = (skill: Skill) => ArrayLike<number>;

/** `TermWeights` worked out for each skill as it is asked. */
function termWeights(terms: readonly SkillTerm[], lower: LowerCase): TermWeights {
  return (skill) => {
    const name = lower(skill.name);
    const weight = proficiencyWeights[skill.proficiencyLevel];
    return terms.map((term) => (answers(term, name) ? weight : -1));
  };
}

/**
 * `TermWeights` remembered for each skill: the index shares one skill object for each name and
 * level, so a ranked search that scores a million matches works out each of a few hundred skills
 * once instead of comparing names for every match (decision 0027). Kept by the pool's number of
 * the skill (`numberOf`), which `ofNumber` reads directly (`SkillRows`). For one search: the
 * terms are fixed.
 */
export function rememberedTermWeights(
  mustHave: readonly SkillTerm[],
  niceToHave: readonly SkillTerm[],
  lower: LowerCase,
  pool: SkillNumbers,
): { of: TermWeights; ofNumber: (number: number) => ArrayLike<number> } {
  const workOut = termWeights([...mustHave, ...niceToHave], lower);
  const byNumber: (ArrayLike<number> | undefined)[] = [];
  // a skill the pool does not share, by the skill itself
  const others = new Map<Skill, ArrayLike<number>>();
  const ofNumber = (number: number) => {
    let weights = byNumber[number];
    if (weights === undefined) {
      weights = workOut(pool.skillAt(number));
      byNumber[number] = weights;
    }
    return weights;
  };
  return {
    ofNumber,
    of: (skill) => {
      const number = pool.numberOf(skill);
      if (number !== undefined) return ofNumber(number);
      let weights = others.get(skill);
      if (weights === undefined) {
        weights = workOut(skill);
        others.set(skill, weights);
      }
      return weights;
    },
  };
}

/** The best weight found for each term, reused by every score (a score is computed at once, never interleaved). */
let best = new Float64Array(16);

/**
 * The one computation of a score, shared by `fitOf` and `scoreOf` so that they never disagree;
 * `explained`, when given, is filled in. Each searched skill scores the weight of the level of the
 * candidate's best skill answering it (0 when none does). The candidate's levels count only with `targets`.
 */
function weigh(
  skills: CandidateProjection['skills'],
  weightsOf: TermWeights,
  mustHave: readonly SkillTerm[],
  niceToHave: readonly SkillTerm[],
  targets: LevelTargets | undefined,
  band: ExperienceBand,
  level: EducationLevel | null,
  explained?: Explained,
): number {
  const terms = mustHave.length + niceToHave.length;
  if (best.length < terms) best = new Float64Array(terms);
  best.fill(0, 0, terms);
  for (const skill of skills) {
    const weights = weightsOf(skill);
    let answered = false;
    for (let at = 0; at < terms; at++) {
      const weight = weights[at]!;
      if (weight < 0) continue;
      answered = true;
      if (weight > best[at]!) best[at] = weight;
    }
    if (answered) explained?.matched.add(skill.name);
  }
  return scoreOfBest(best, mustHave, niceToHave, targets, band, level, explained);
}

/**
 * A score from the best weight the candidate's skills bring to each term (must-have terms first),
 * as `weigh` finds it or a search reads it from `SkillRows`: the one place a score is worked out.
 */
export function scoreOfBest(
  bestWeights: ArrayLike<number>,
  mustHave: readonly SkillTerm[],
  niceToHave: readonly SkillTerm[],
  targets: LevelTargets | undefined,
  band: ExperienceBand,
  level: EducationLevel | null,
  explained?: Explained,
): number {
  let points = 0;
  for (let at = 0; at < mustHave.length; at++) points += mustHaveWeight * bestWeights[at]!;
  for (let at = 0; at < niceToHave.length; at++) {
    const weight = bestWeights[mustHave.length + at]!;
    points += niceToHaveWeight * weight;
    if (weight === 0) explained?.missing.push(niceToHave[at]!.shown);
  }
  const most = mustHaveWeight * mustHave.length + niceToHaveWeight * niceToHave.length;
  const skillShare = points / most;
  const experience = targets ? experienceFit(band, targets.experience) : null;
  const education = targets ? educationFit(level, targets.education) : null;
  let weighed = factorWeights.skills * skillShare;
  let weights = factorWeights.skills;
  if (experience) {
    weighed += factorWeights.experience * levelFit[experience];
    weights += factorWeights.experience;
  }
  if (education) {
    weighed += factorWeights.education * levelFit[education];
    weights += factorWeights.education;
  }
  if (explained) Object.assign(explained, { skillShare, experience, education });
  return Math.round((100 * weighed) / weights);
}

/** A skill's name lower-cased, as the skills are compared. */
export type LowerCase = (name: string) => string;
const lowerCased: LowerCase = (name) => name.toLowerCase();

/**
 * How well a candidate fits a search (docs/decisions/0024-ranking.md, version `fit-2`):
 * - skills: each searched skill scores the weight of the level of the candidate's best skill
 *   answering it (0 when none does), must-have skills twice; their share of the most they could be;
 * - with a position's levels, how the candidate's experience band and education meet them
 *   (`levelFit`).
 * The score weighs the factors asked for (`factorWeights`, shared out when one is not asked), 0–100.
 * Only skills with their levels, the experience band and the education level are inputs: location,
 * age and gender never are (location is a filter). Null when the search names no skill: there is
 * nothing to rank by. `lower`: the index's own lower-casing, which keeps each name's once.
 */
export function fitOf(
  skills: CandidateProjection['skills'],
  mustHave: readonly SkillTerm[],
  niceToHave: readonly SkillTerm[],
  levels?: { targets: LevelTargets; candidate: CandidateLevels },
  lower: LowerCase = lowerCased,
): CandidateFit | null {
  if (mustHave.length + niceToHave.length === 0) return null;
  const explained: Explained = {
    matched: new Set(),
    missing: [],
    skillShare: 0,
    experience: null,
    education: null,
  };
  const score = weigh(
    skills,
    termWeights([...mustHave, ...niceToHave], lower),
    mustHave,
    niceToHave,
    levels?.targets,
    levels?.candidate.experience ?? 'entry',
    levels?.candidate.education ?? null,
    explained,
  );
  const { skillShare, experience, education } = explained;
  const label = fitThresholds.find(([lowest]) => score >= lowest)?.[1] ?? 'Partial fit';
  return {
    score,
    label,
    ranking: rankingVersion,
    // in the candidate's own order
    matched: skills.map((skill) => skill.name).filter((name) => explained.matched.has(name)),
    missing: explained.missing,
    factors: { skills: Math.round(100 * skillShare), experience, education },
  };
}

/**
 * `fitOf(...)?.score` without the explanation (matched, missing, label) and without allocating:
 * what a ranked search computes for every matching candidate before it explains only the page it
 * shows, with the search's `rememberedTermWeights`. The candidate's levels (`band`, `level`) count
 * only with `targets`. 0 when the search names no skill.
 */
export function scoreOf(
  skills: CandidateProjection['skills'],
  weightsOf: TermWeights,
  mustHave: readonly SkillTerm[],
  niceToHave: readonly SkillTerm[],
  targets?: LevelTargets,
  band: ExperienceBand = 'entry',
  level: EducationLevel | null = null,
): number {
  if (mustHave.length + niceToHave.length === 0) return 0;
  return weigh(skills, weightsOf, mustHave, niceToHave, targets, band, level);
}

/** Best first; equal scores by unique code, so the same query gives the same order. */
export const byScore = (aScore: number, aCode: string, bScore: number, bCode: string) =>
  bScore - aScore || (aCode < bCode ? -1 : aCode > bCode ? 1 : 0);

/** `byScore` for candidates with their fit (none counts 0). */
export const byFit = (
  a: { fit: CandidateFit | null; code: string },
  b: { fit: CandidateFit | null; code: string },
) => byScore(a.fit?.score ?? 0, a.code, b.fit?.score ?? 0, b.code);
