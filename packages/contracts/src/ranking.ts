/**
 * The ranking's rules as constants, with no zod: the shell's public "How matching works" page
 * imports this module alone (`@meritmatch/contracts/ranking`), so that no public page loads the
 * schemas' library. docs/decisions/0024-ranking.md says why each is what it is.
 */

/** The levels a job seeker gives a skill (SPEC.md: default intermediate). */
export const proficiencyLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const;

/** The ranking's version: a search log and a card say which rules ordered the results. */
export const rankingVersion = 'fit-2';
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

/**
 * What a score is made of, out of 100. A search from a position also weighs how the candidate's
 * experience and education meet the position's levels; a factor the search does not ask for (no
 * position, or its level "all") is left out and the others share its weight (`fit-2`).
 */
export const factorWeights = { skills: 70, experience: 15, education: 15 } as const;
export type FitFactor = keyof typeof factorWeights;

/**
 * How a level meets the position's: the same experience band or at least the education level
 * counts whole, one step off counts half, further counts nothing.
 */
export const levelFit = { meets: 1, near: 0.5, far: 0 } as const;
export type LevelFit = keyof typeof levelFit;
