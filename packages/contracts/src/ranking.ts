/**
 * The ranking's rules as constants, with no zod: the shell's public "How matching works" page
 * imports this module alone (`@meritmatch/contracts/ranking`), so that no public page loads the
 * schemas' library. docs/decisions/0024-ranking.md says why each is what it is.
 */

/** The levels a job seeker gives a skill (SPEC.md: default intermediate). */
export const proficiencyLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const;

/** The ranking's version: a search log and a card say which rules ordered the results. */
export const rankingVersion = 'skills-1';
export const fitLabels = ['Strong fit', 'Good fit', 'Partial fit'] as const;
export type FitLabel = (typeof fitLabels)[number];

/** How much a matched skill counts, by the level the candidate gave it. */
export const proficiencyWeights: Record<(typeof proficiencyLevels)[number], number> = {
  beginner: 0.4,
  intermediate: 0.6,
  advanced: 0.8,
  expert: 1,
};

/** A must-have skill counts twice as much as a nice-to-have one. */
export const mustHaveWeight = 2;
export const niceToHaveWeight = 1;

/** The label of a score: the lowest score of each. */
export const fitThresholds: readonly (readonly [number, FitLabel])[] = [
  [80, 'Strong fit'],
  [55, 'Good fit'],
  [0, 'Partial fit'],
];
