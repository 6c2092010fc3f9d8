import {
  type CandidateFit,
  type CandidateProjection,
  fitThresholds,
  mustHaveWeight,
  niceToHaveWeight,
  proficiencyWeights,
  rankingVersion,
} from '@meritmatch/contracts';

/**
 * A searched skill: the text as the employer typed it, its comparison form, and the names that
 * mean the same (the skills vocabulary's synonyms, the text's own form included).
 */
export type SkillTerm = { shown: string; text: string; alike: ReadonlySet<string> };

/** Whether a candidate's skill name (lower-cased) answers a searched skill: part of it, or a synonym whole. */
export const answers = (term: SkillTerm, value: string) => value.includes(term.text) || term.alike.has(value);

/**
 * How well a candidate's skills answer a search (docs/decisions/0024-ranking.md): each searched
 * skill scores the weight of the level of the candidate's best skill answering it (0 when none
 * does), must-have skills twice, and the score is the share of the most it could be, 0–100.
 * Only the skills and their levels are inputs: location, age and gender never are (location is a
 * filter). Null when the search names no skill: there is nothing to rank by.
 */
export function fitOf(
  skills: CandidateProjection['skills'],
  mustHave: readonly SkillTerm[],
  niceToHave: readonly SkillTerm[],
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
  const score = Math.round((100 * points) / most);
  const label = fitThresholds.find(([lowest]) => score >= lowest)?.[1] ?? 'Partial fit';
  return {
    score,
    label,
    ranking: rankingVersion,
    // in the candidate's own order
    matched: skills.map((skill) => skill.name).filter((name) => matched.has(name)),
    missing,
  };
}

/** Best first; equal scores by unique code, so the same query gives the same order. */
export const byFit = (
  a: { fit: CandidateFit | null; code: string },
  b: { fit: CandidateFit | null; code: string },
) => (b.fit?.score ?? 0) - (a.fit?.score ?? 0) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
