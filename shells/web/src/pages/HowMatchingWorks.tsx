import {
  factorWeights,
  fitThresholds,
  levelFit,
  mustHaveWeight,
  niceToHaveWeight,
  proficiencyWeights,
  rankingVersion,
} from '@meritmatch/contracts/ranking';
import { PageLink } from '../layout/PageLink';

const percent = (weight: number) => `${Math.round(weight * 100)}%`;
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The public description of search and ranking (prerendered like the landing page): the factors
 * and weights come from the same constants the ranking uses, so the page cannot drift from it.
 */
export function HowMatchingWorks() {
  const levels = Object.entries(proficiencyWeights) as [keyof typeof proficiencyWeights, number][];
  return (
    <section className="container prose-page" aria-labelledby="how-matching-works">
      <h1 id="how-matching-works">How matching works</h1>
      <p className="hero__lead">
        Employers find candidates by what they can do. They never see a name, an e-mail address or a phone
        number: only an anonymous code, skills, experience, education and a place as wide as at least five
        candidates share.
      </p>

      <h2>What a search filters</h2>
      <ul>
        <li>
          <strong>Required skills:</strong> a candidate must have each. A skill is found by any of its names:
          the product's skills vocabulary of about 7,000 skills knows that "JS" is JavaScript and "k8s" is
          Kubernetes, in both directions. A skill it does not know is found as typed.
        </li>
        <li>
          <strong>Location, experience and education:</strong> the search form's filters. They never change a
          candidate's place in the results.
        </li>
        <li>
          <strong>A candidate's own terms:</strong> candidates may say privately which work modes and
          countries they accept, their notice period and a minimum salary. A search from an employer's
          position leaves out the candidates whose terms the position does not meet. Employers never see these
          terms, and they never change a score.
        </li>
      </ul>

      <h2>How results are ranked</h2>
      <p>
        A search that names skills ranks the candidates it finds. Each skill searched for counts by the level
        the candidate gives the skill that answers it:
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">How much each level counts</caption>
          <thead>
            <tr>
              <th scope="col">Level</th>
              <th scope="col">Counts</th>
            </tr>
          </thead>
          <tbody>
            {levels.map(([level, weight]) => (
              <tr key={level}>
                <td>{capitalised(level)}</td>
                <td>{percent(weight)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        A required skill counts{' '}
        {mustHaveWeight / niceToHaveWeight === 2 ? 'twice' : `${mustHaveWeight} times`} as much as a
        nice-to-have one, and a skill the candidate lacks counts nothing.
      </p>
      <p>
        A search from an employer's position also weighs the experience and education levels the position asks
        for. Skills make {factorWeights.skills}% of the score, experience {factorWeights.experience}% and
        education {factorWeights.education}%. The candidate's experience band (0–2, 3–5 or 6 or more years)
        counts whole when it is the position's, {percent(levelFit.near)} one band away, and nothing further
        off; education counts whole at the position's level or above, {percent(levelFit.near)} one level
        below, and nothing further below. A level the position does not ask for is left out, and the other
        parts share its weight. Without a position, the skills are the whole score.
      </p>
      <p>The score runs from 0 to 100, and each card says what it means:</p>
      <ul>
        {fitThresholds.map(([lowest, label]) => (
          <li key={label}>
            <strong>{label}</strong>: {lowest === 0 ? 'below the others' : `${lowest} or more`}
          </li>
        ))}
      </ul>
      <p>
        The card also lists the candidate's skills that matched and the nice-to-have skills they lack. Equal
        scores keep the order of the anonymous codes, which are random: the same search always gives the same
        order. The rules have a version ({rankingVersion}), shown with every result.
      </p>

      <h2>What never counts</h2>
      <p>
        Gender and age are never part of the score, and location is only a filter. A test of the product swaps
        them between candidates and checks that no score and no place changes.
      </p>

      <h2>Sources</h2>
      <p className="small muted">
        This product uses the ESCO classification of the European Commission (ESCO v1.2.0). It includes
        information from the O*NET 30.2 Database by the U.S. Department of Labor, Employment and Training
        Administration (USDOL/ETA), used under the CC BY 4.0 license; O*NET® is a trademark of USDOL/ETA.
        MeritMatch has modified all or some of this information; USDOL/ETA has not approved, endorsed or
        tested these modifications.
      </p>
      <p>
        <PageLink to="/register">Create a free account</PageLink>
      </p>
    </section>
  );
}
