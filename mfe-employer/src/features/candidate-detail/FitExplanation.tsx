import {
  type CandidateFit,
  mustHaveWeight,
  niceToHaveWeight,
  proficiencyWeights,
} from '@meritmatch/contracts';

const percent = (weight: number) => `${Math.round(weight * 100)}%`;

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
      {fit.matched.length > 0 ? <p className="small">Matched: {fit.matched.join(', ')}</p> : null}
      {fit.missing.length > 0 ? (
        <p className="small">Missing nice-to-have skills: {fit.missing.join(', ')}</p>
      ) : (
        <p className="small">No nice-to-have skill you searched for is missing.</p>
      )}
    </section>
  );
}
