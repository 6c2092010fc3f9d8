import type { CandidateFit } from '@meritmatch/contracts';
import {
  type FitFactor,
  factorWeights,
  type LevelFit,
  levelFit,
  mustHaveWeight,
  niceToHaveWeight,
  proficiencyWeights,
} from '@meritmatch/contracts/ranking';

const percent = (weight: number) => `${Math.round(weight * 100)}%`;

const levelWords: Record<LevelFit, string> = {
  meets: "meets the position's level",
  near: 'one level off',
  far: 'further off',
};

/** How much a level's fit counts, in words: "counts half". */
function counts(fit: LevelFit) {
  const share = levelFit[fit];
  if (share === 1) return 'counts in full';
  if (share === 0) return 'counts nothing';
  if (share === 0.5) return 'counts half';
  return `counts ${percent(share)}`;
}

const factorNames: Record<FitFactor, string> = {
  skills: 'skills',
  experience: 'experience',
  education: 'education',
};

/**
 * A search from a position also weighs experience and education: which of the score's factors
 * count here and their shares (a factor the search did not ask for gives its weight to the others),
 * and how the candidate's levels meet the position's. Nothing for a search without one.
 */
function PositionFactors({ factors }: { factors: CandidateFit['factors'] }) {
  const levels = (['experience', 'education'] as const).flatMap((factor) => {
    const fit = factors[factor];
    return fit === null ? [] : [{ factor, fit }];
  });
  if (levels.length === 0) return null;
  const counted: FitFactor[] = ['skills', ...levels.map(({ factor }) => factor)];
  const total = counted.reduce((sum, factor) => sum + factorWeights[factor], 0);
  const shares = counted.map(
    (factor) => `${factorNames[factor]} ${Math.round((factorWeights[factor] * 100) / total)}%`,
  );
  return (
    <>
      <p className="small">
        From the position, the score is made of {shares.slice(0, -1).join(', ')} and {shares.at(-1)}. A level
        that meets the position's {counts('meets')}, one level off {counts('near')}, further off{' '}
        {counts('far')}.
      </p>
      <ul className="small employer-fit-explained__factors">
        <li>Skills: {factors.skills} of 100</li>
        {levels.map(({ factor, fit }) => (
          <li key={factor}>
            {factor === 'experience' ? 'Experience' : 'Education'}: {levelWords[fit]} ({counts(fit)})
          </li>
        ))}
      </ul>
    </>
  );
}

/** The fit of the card the dialog was opened from, in words: what the score is made of. */
export function FitExplanation({ fit }: { fit: CandidateFit }) {
  const levels = proficiencyWeights;
  return (
    <section className="employer-fit-explained" aria-labelledby="fit-explained-title">
      <h3 id="fit-explained-title" className="employer-fit-explained__title">
        {fit.label}: {fit.score} of 100
      </h3>
      <p className="small">
        The score counts each skill you searched for by the level the candidate gives the skill that answers
        it: expert {percent(levels.expert)}, advanced {percent(levels.advanced)}, intermediate{' '}
        {percent(levels.intermediate)}, beginner {percent(levels.beginner)}. A required skill counts{' '}
        {mustHaveWeight / niceToHaveWeight === 2 ? 'twice' : `${mustHaveWeight / niceToHaveWeight} times`} as
        much as a nice-to-have one. Gender, age and location never count.
      </p>
      <PositionFactors factors={fit.factors} />
      {fit.matched.length > 0 ? <p className="small">Matched: {fit.matched.join(', ')}</p> : null}
      {fit.missing.length > 0 ? (
        <p className="small">Missing nice-to-have skills: {fit.missing.join(', ')}</p>
      ) : (
        <p className="small">No nice-to-have skill you searched for is missing.</p>
      )}
    </section>
  );
}
