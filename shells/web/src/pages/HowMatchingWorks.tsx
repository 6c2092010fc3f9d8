import {
  fitThresholds,
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
          <strong>Location, experience and education:</strong> filters only. They never change a candidate's
          place in the results.
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
        nice-to-have one, and a skill the candidate lacks counts nothing. The score is the share of the most a
        candidate could have, from 0 to 100, and each card says what it means:
      </p>
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
