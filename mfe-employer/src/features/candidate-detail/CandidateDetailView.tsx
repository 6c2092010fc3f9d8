import { type CandidateDetail, genderLabels } from '@meritmatch/contracts';
import { capitalize, formatDate, formatGpa, formatPeriod } from '@meritmatch/web-kit';
import type { ReactNode } from 'react';
import { PinIcon } from '../../shared/icons';

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <section className="employer-detail__section">
      <h3 className="employer-detail__heading">{title}</h3>
      {empty === null ? children : <p className="small muted">{empty}</p>}
    </section>
  );
}

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
          <PinIcon />
          <span className="visually-hidden">Location: </span>
          {candidate.location}
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

      <Section
        title="Experience"
        empty={candidate.experiences.length === 0 ? 'No work experience listed.' : null}
      >
        <ul className="employer-detail__list">
          {candidate.experiences.map((experience) => (
            <li key={`${experience.position}-${experience.company_name}-${experience.start_date}`}>
              <p className="employer-detail__title">{experience.position}</p>
              <p className="employer-detail__sub">{experience.company_name}</p>
              <p className="employer-detail__meta">
                {formatPeriod(experience.start_date, experience.end_date)}
              </p>
              {experience.description ? (
                <p className="employer-detail__text">{experience.description}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Education" empty={candidate.education.length === 0 ? 'No education listed.' : null}>
        <ul className="employer-detail__list">
          {candidate.education.map((education) => (
            <li key={`${education.degree}-${education.institution}-${education.graduation_year ?? ''}`}>
              <p className="employer-detail__title">
                {education.degree}
                {education.field_of_study ? ` in ${education.field_of_study}` : ''}
              </p>
              <p className="employer-detail__sub">{education.institution}</p>
              <p className="employer-detail__meta">
                {[
                  education.graduation_year === null ? null : `Graduated ${education.graduation_year}`,
                  education.gpa === null ? null : `GPA ${formatGpa(education.gpa)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Certifications"
        empty={candidate.certifications.length === 0 ? 'No certifications listed.' : null}
      >
        <ul className="employer-detail__list">
          {candidate.certifications.map((certification) => (
            <li key={`${certification.name}-${certification.issuer}-${certification.issue_date}`}>
              <p className="employer-detail__title">{certification.name}</p>
              <p className="employer-detail__sub">{certification.issuer}</p>
              <p className="employer-detail__meta">Issued {formatDate(certification.issue_date)}</p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
