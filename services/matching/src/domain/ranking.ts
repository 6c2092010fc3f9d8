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

/**
 * How well a candidate fits a search (docs/decisions/0024-ranking.md, version `fit-2`):
 * - skills: each searched skill scores the weight of the level of the candidate's best skill
 *   answering it (0 when none does), must-have skills twice; their share of the most they could be;
 * - with a position's levels, how the candidate's experience band and education meet them
 *   (`levelFit`).
 * The score weighs the factors asked for (`factorWeights`, shared out when one is not asked), 0–100.
 * Only skills with their levels, the experience band and the education level are inputs: location,
 * age and gender never are (location is a filter). Null when the search names no skill: there is
 * nothing to rank by.
 */
export function fitOf(
  skills: CandidateProjection['skills'],
  mustHave: readonly SkillTerm[],
  niceToHave: readonly SkillTerm[],
  levels?: { targets: LevelTargets; candidate: CandidateLevels },
): CandidateFit | null {
  if (mustHave.length + niceToHave.length === 0) return null;
  const named = skills.map((skill) => ({ ...skill, value: skill.name.toLowerCase() }));
  const matched = new Set<string>();
  const best = (term: SkillTerm) => {
    let weight = 0;
    for (const skill of named) {
      if (!answers(term, skill.value)) continue;
      matched.add(skill.name);
      weight = Math.max(weight, proficiencyWeights[skill.proficiencyLevel]);
    }
    return weight;
  };
  let points = 0;
  for (const term of mustHave) points += mustHaveWeight * best(term);
  const missing: string[] = [];
  for (const term of niceToHave) {
    const weight = best(term);
    points += niceToHaveWeight * weight;
    if (weight === 0) missing.push(term.shown);
  }
  const most = mustHaveWeight * mustHave.length + niceToHaveWeight * niceToHave.length;
  const skillShare = points / most;
  const experience = levels ? experienceFit(levels.candidate.experience, levels.targets.experience) : null;
  const education = levels ? educationFit(levels.candidate.education, levels.targets.education) : null;
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
  const score = Math.round((100 * weighed) / weights);
  const label = fitThresholds.find(([lowest]) => score >= lowest)?.[1] ?? 'Partial fit';
  return {
    score,
    label,
    ranking: rankingVersion,
    // in the candidate's own order
    matched: skills.map((skill) => skill.name).filter((name) => matched.has(name)),
    missing,
    factors: { skills: Math.round(100 * skillShare), experience, education },
  };
}

/** Best first; equal scores by unique code, so the same query gives the same order. */
export const byFit = (
  a: { fit: CandidateFit | null; code: string },
  b: { fit: CandidateFit | null; code: string },
) => (b.fit?.score ?? 0) - (a.fit?.score ?? 0) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
