import {
  type AdminCandidate,
  adminViewOnlyLabel,
  completionBand,
  genderLabels,
  preferencesInWords,
} from '@meritmatch/contracts';
import { Badge, type BadgeTone, Meter } from '@meritmatch/ui';
import { CandidateHistory, capitalize, type HistoryClasses } from '@meritmatch/web-kit';
import { Fragment, type ReactNode, useId } from 'react';

/** Expert, advanced and intermediate stand out (SPEC.md section 9); beginner stays neutral. */
const levelTones: Record<string, BadgeTone> = { expert: 'success', advanced: 'info', intermediate: 'accent' };

const accountTones = { active: 'success', suspended: 'warning', deleted: 'danger' } as const;

const genderLabel = (gender: string | null) =>
  gender ? (genderLabels[gender as keyof typeof genderLabels] ?? capitalize(gender)) : 'Not specified';

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <section className="admin-candidate__section">
      <h3 className="admin-candidate__heading">{title}</h3>
      {empty === null ? children : <p className="small muted">{empty}</p>}
    </section>
  );
}

const historyClasses: HistoryClasses = {
  section: 'admin-candidate__section',
  heading: 'admin-candidate__heading',
  list: 'list admin-candidate__list',
  title: 'admin-candidate__title',
  meta: 'small muted',
  text: 'admin-text',
};

/** What the employer sees, plus the personal details only admins may read. */
export function CandidateDetail({ candidate }: { candidate: AdminCandidate }) {
  const completionId = useId();
  const percentage = Math.max(0, Math.min(100, candidate.profile_completion));
  const { tone } = completionBand(percentage);
  return (
    <div className="admin-candidate" data-testid="admin-candidate">
      <div className="admin-candidate__summary">
        <div className="admin-candidate__completion">
          <p className="admin-candidate__completion-text" id={completionId} data-testid="profile-completion">
            Profile Completion: <strong className={`text-${tone}`}>{percentage}%</strong>
          </p>
          <Meter percentage={percentage} tone={tone} labelledBy={completionId} />
        </div>
        <p className="admin-candidate__status">
          Status: <Badge tone="success">{candidate.availability}</Badge>
        </p>
      </div>

      <Section title={`Personal details ${adminViewOnlyLabel}`} empty={null}>
        <dl className="details admin-details">
          <dt>Full name</dt>
          <dd>{candidate.full_name}</dd>
          <dt>E-mail</dt>
          <dd className="break">{candidate.email ?? <span className="muted">Not available</span>}</dd>
          <dt>Phone</dt>
          <dd>{candidate.phone ?? <span className="muted">Not given</span>}</dd>
          <dt>Location</dt>
          <dd>{candidate.location}</dd>
          <dt>Age</dt>
          <dd>{candidate.age === null ? <span className="muted">Not given</span> : candidate.age}</dd>
          <dt>Gender</dt>
          <dd>{genderLabel(candidate.gender)}</dd>
          <dt>Account</dt>
          <dd>
            <Badge tone={accountTones[candidate.account_status]}>
              {capitalize(candidate.account_status)}
            </Badge>
          </dd>
        </dl>
      </Section>

      <Section title={`Job preferences ${adminViewOnlyLabel}`} empty={null}>
        <p className="small muted">
          Used only to leave the candidate out of positions; employers never see them.
        </p>
        <dl className="details admin-details" data-testid="admin-preferences">
          {preferencesInWords(candidate.preferences).map((row) => (
            <Fragment key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </Fragment>
          ))}
        </dl>
      </Section>

      <Section title="Skills" empty={candidate.skills.length === 0 ? 'No skills listed.' : null}>
        <ul className="chips admin-skills" aria-label="Skills with proficiency">
          {candidate.skills.map((skill) => (
            <li
              key={skill.name}
              className={`chip admin-skill admin-skill--${levelTones[skill.proficiency_level] ? 'highlight' : 'plain'}`}
              data-level={skill.proficiency_level}
            >
              <span className="admin-skill__name">{skill.name}</span>
              <Badge tone={levelTones[skill.proficiency_level] ?? 'neutral'}>
                {capitalize(skill.proficiency_level)}
              </Badge>
            </li>
          ))}
        </ul>
      </Section>

      <CandidateHistory candidate={candidate} classes={historyClasses} />
    </div>
  );
}
