import {
  type RequestPosition as Position,
  placeText,
  salaryBandText,
  workModeLabels,
} from '@meritmatch/contracts';

/**
 * The position a request names, as it was when sent: enough to judge the request (title, work
 * mode, place, salary band) and which of the candidate's own skills answer it.
 */
export function RequestPosition({ position }: { position: Position }) {
  return (
    <section className="interest-item__position" aria-label={`Position: ${position.title}`}>
      <h4 className="interest-item__company">{position.title}</h4>
      <dl className="details small">
        <dt>Work mode</dt>
        <dd>{workModeLabels[position.work_mode]}</dd>
        <dt>Location</dt>
        <dd>{placeText(position.location, position.country)}</dd>
        <dt>Salary</dt>
        <dd>{salaryBandText(position.salary)}</dd>
      </dl>
      <p className="small">
        {position.matched_skills.length > 0
          ? `Your matching skills: ${position.matched_skills.join(', ')}`
          : 'None of your skills are listed for this position'}
      </p>
    </section>
  );
}
