import { ageOn, genderLabels, type JobSeekerProfile, visibilityTexts } from '@meritmatch/contracts';
import { Badge, Button, Card } from '@meritmatch/ui';
import { countOf, formatDate } from '@meritmatch/web-kit';
import { useSession } from '@meritmatch/web-session';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { MarkedNameWords } from '../../shared/MarkedNameWords';
import { nameWordsInProfile, previewSkillCount } from './name-in-profile';

/** The anonymous code, the privacy notice and the personal details, shown to their owner only. */
export function ProfileView({ profile, onEdit }: { profile: JobSeekerProfile; onEdit: () => void }) {
  const { session } = useSession();
  return (
    <>
      <Card className="code-card">
        <p className="code-card__label">Your anonymous code</p>
        <p className="code-card__code mono" data-testid="unique-code">
          {profile.unique_code}
        </p>
        <div className="notice" data-testid="privacy-notice">
          <strong>Your privacy comes first.</strong> Your personal details (name, e-mail and phone) are never
          shared with employers. They see only your anonymous code {profile.unique_code}, location, skills,
          experience and education.
        </div>
      </Card>

      <Card
        title="Personal details"
        actions={
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit personal details
          </Button>
        }
      >
        <p className="small muted">
          <Badge tone="accent">Only you and the MeritMatch team</Badge>
        </p>
        <dl className="details" data-testid="personal-details">
          <dt>Full name</dt>
          <dd>{profile.full_name}</dd>
          <dt>E-mail</dt>
          <dd className="break">{session?.user.email ?? '—'}</dd>
          <dt>Phone</dt>
          <dd>{profile.phone ?? '—'}</dd>
          <dt>Location</dt>
          <dd>{profile.location}</dd>
          <dt>Date of birth</dt>
          <dd>
            {formatDate(profile.date_of_birth)} (age {ageOn(profile.date_of_birth, new Date())})
          </dd>
          <dt>Gender</dt>
          <dd>{profile.gender ? genderLabels[profile.gender] : 'Not specified'}</dd>
        </dl>
      </Card>

      <EmployerPreview profile={profile} />
    </>
  );
}

/**
 * What an employer's search card shows about this profile: nothing personal. While paused, no
 * employer sees it at all; the companies it is hidden from are listed under it. Words of the
 * job seeker's name in it are marked, and those elsewhere in what employers see are listed.
 */
function EmployerPreview({ profile }: { profile: JobSeekerProfile }) {
  const fullName = profile.full_name;
  const shown = profile.skills.slice(0, previewSkillCount);
  const more = profile.skills.length - shown.length;
  const { paused } = profile.settings;
  const hiddenFrom = [
    ...profile.settings.current_employers
      .filter((employer) => employer.blocked)
      .map((employer) => `${employer.company_name} (current employer)`),
    ...profile.settings.blocked_companies.map((blocked) =>
      blocked.website ? `${blocked.name} (${blocked.website})` : blocked.name,
    ),
  ];
  return (
    <Card
      title="What employers see"
      actions={
        <Link className="btn btn--secondary btn--sm" to="/job-seeker/visibility">
          Change visibility
        </Link>
      }
    >
      {paused ? (
        <div className="notice" data-testid="paused-notice">
          <strong>{visibilityTexts.pausedNotice}</strong> Search and your profile’s detail are closed to them
          until you resume; your requests stay as they are.
        </div>
      ) : null}
      <div className="preview" data-testid="employer-preview" aria-disabled={paused || undefined}>
        <p className="preview__code mono">{profile.unique_code}</p>
        <p className="muted small">
          <MarkedNameWords text={profile.location} fullName={fullName} />
        </p>
        {profile.skills.length > 0 ? (
          <ul className="chips" aria-label="Skills">
            {shown.map((skill) => (
              <li key={skill.id} className="chip">
                <MarkedNameWords text={skill.name} fullName={fullName} />
              </li>
            ))}
            {more > 0 ? <li className="chip">+{more} more</li> : null}
          </ul>
        ) : (
          <p className="small muted">No skills yet: add some so employers can find you.</p>
        )}
        <p className="small muted preview__counts">
          {countOf(profile.experiences.length, 'experience entry', 'experience entries')} ·{' '}
          {countOf(profile.education.length, 'education entry', 'education entries')} ·{' '}
          {countOf(profile.certifications.length, 'certification', 'certifications')}
        </p>
      </div>
      <NameWordsNotice profile={profile} />
      <div className="small" data-testid="hidden-from">
        {hiddenFrom.length === 0 ? (
          <p className="muted">No company is blocked: every verified employer can find you.</p>
        ) : (
          <>
            <p className="muted">Never shown to:</p>
            <ul aria-label="Companies that never see you">
              {hiddenFrom.map((company) => (
                <li key={company}>{company}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * Names of things hide the full name only: a word of the name on its own reaches employers.
 * Says so when the profile has one, and lists where the preview does not show it, with a link
 * to the page that changes it.
 */
function NameWordsNotice({ profile }: { profile: JobSeekerProfile }) {
  const found = nameWordsInProfile(profile);
  const elsewhere = found.filter((shown) => !shown.inPreview);
  const listId = useId();
  if (found.length === 0) return null;
  return (
    <div className="notice notice--warning small name-words" data-testid="name-words">
      <p>Highlighted words are part of your name, and employers see them.</p>
      {elsewhere.length > 0 ? (
        <>
          <p id={listId}>Your name appears in:</p>
          <ul aria-labelledby={listId}>
            {elsewhere.map((shown) => (
              <li key={shown.key}>
                <Link to={shown.to}>{shown.place}</Link> "
                <MarkedNameWords text={shown.text} fullName={profile.full_name} />"
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
