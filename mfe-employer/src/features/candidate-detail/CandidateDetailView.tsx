import { type CandidateDetail, genderLabels } from '@meritmatch/contracts';
import { CandidateHistory, capitalize, type HistoryClasses } from '@meritmatch/web-kit';
import type { ReactNode } from 'react';
import { LocationLabel } from '../../shared/LocationLabel';

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <section className="employer-detail__section">
      <h3 className="employer-detail__heading">{title}</h3>
      {empty === null ? children : <p className="small muted">{empty}</p>}
    </section>
  );
}

const historyClasses: HistoryClasses = {
  section: 'employer-detail__section',
  heading: 'employer-detail__heading',
  list: 'employer-detail__list',
  title: 'employer-detail__title',
  sub: 'employer-detail__sub',
  meta: 'employer-detail__meta',
  text: 'employer-detail__text',
};

/**
 * Everything an employer may see about a candidate: never a name, e-mail, phone or birth date,
 * and location, age band and gender only as precisely as at least five candidates share them
 * (a gender not shown and one not given look the same).
 */
export function CandidateDetailView({ candidate }: { candidate: CandidateDetail }) {
  return (
    <div className="employer-detail" data-testid="candidate-detail">
      <ul className="employer-facts" aria-label={`About ${candidate.unique_code}`}>
        <li className="employer-location">
          <LocationLabel location={candidate.location} />
        </li>
        {candidate.age_band === null ? null : <li data-testid="candidate-age">Age: {candidate.age_band}</li>}
        <li>Gender: {candidate.gender ? genderLabels[candidate.gender] : 'Not shown'}</li>
      </ul>

      <Section title="Skills" empty={candidate.skills.length === 0 ? 'No skills listed.' : null}>
        <ul className="chips" aria-label="Skills with proficiency">
          {candidate.skills.map((skill) => (
            <li key={skill.name} className={`chip skill-chip skill-chip--${skill.proficiency_level}`}>
              <span className="skill-chip__name">{skill.name}</span>
              <span className="skill-chip__level">{capitalize(skill.proficiency_level)}</span>
            </li>
          ))}
        </ul>
      </Section>

      <CandidateHistory candidate={candidate} classes={historyClasses} />
    </div>
  );
}
