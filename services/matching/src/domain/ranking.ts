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
import { type EducationLevel, type ExperienceBand, educationRank } from './qualifications';

/**
 * A searched skill: the text as the employer typed it, its comparison form, and the names that
 * mean the same (the skills vocabulary's synonyms, the text's own form included).
 */
export type SkillTerm = { shown: string; text: string; alike: ReadonlySet<string> };

/** Whether a candidate's skill name (lower-cased) answers a searched skill: part of it, or a synonym whole. */
export const answers = (term: SkillTerm, value: string) => value.includes(term.text) || term.alike.has(value);

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
type Explained = {
  matched: Set<string>;
  missing: string[];
  skillShare: number;
  experience: LevelFit | null;
  education: LevelFit | null;
};

/**
 * The weight of the level of the candidate's best skill answering a term (0 when none does).
 * `lower` gives a skill's name lower-cased (the index keeps them); `matched`, when given, collects
 * the names of every skill that answered.
 */
function bestWeight(
  term: SkillTerm,
  skills: CandidateProjection['skills'],
  lower: LowerCase,
  matched?: Set<string>,
) {
  let weight = 0;
  for (const skill of skills) {
    if (!answers(term, lower(skill.name))) continue;
    matched?.add(skill.name);
    weight = Math.max(weight, proficiencyWeights[skill.proficiencyLevel]);
  }
  return weight;
}

/**
 * The one computation of a score, shared by `fitOf` and `scoreOf` so that they never disagree;
 * `explained`, when given, is filled in. The candidate's levels count only with `targets`.
 */
function weigh(
  skills: CandidateProjection['skills'],
  lower: LowerCase,
  mustHave: readonly SkillTerm[],
  niceToHave: readonly SkillTerm[],
  targets: LevelTargets | undefined,
  band: ExperienceBand,
  level: EducationLevel | null,
  explained?: Explained,
): number {
  let points = 0;
  for (const term of mustHave) points += mustHaveWeight * bestWeight(term, skills, lower, explained?.matched);
  for (const term of niceToHave) {
    const weight = bestWeight(term, skills, lower, explained?.matched);
    points += niceToHaveWeight * weight;
    if (weight === 0) explained?.missing.push(term.shown);
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
    lower,
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
 * shows. The candidate's levels (`band`, `level`) count only with `targets`. 0 when the search
 * names no skill.
 */
export function scoreOf(
  skills: CandidateProjection['skills'],
  lower: LowerCase,
  mustHave: readonly SkillTerm[],
  niceToHave: readonly SkillTerm[],
  targets?: LevelTargets,
  band: ExperienceBand = 'entry',
  level: EducationLevel | null = null,
): number {
  if (mustHave.length + niceToHave.length === 0) return 0;
  return weigh(skills, lower, mustHave, niceToHave, targets, band, level);
}

/** Best first; equal scores by unique code, so the same query gives the same order. */
export const byScore = (aScore: number, aCode: string, bScore: number, bCode: string) =>
  bScore - aScore || (aCode < bCode ? -1 : aCode > bCode ? 1 : 0);

/** `byScore` for candidates with their fit (none counts 0). */
export const byFit = (
  a: { fit: CandidateFit | null; code: string },
  b: { fit: CandidateFit | null; code: string },
) => byScore(a.fit?.score ?? 0, a.code, b.fit?.score ?? 0, b.code);
