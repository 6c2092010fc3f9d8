import { formatMonthYear } from '@meritmatch/web-kit';
import { SkillList } from '../../shared/SkillList';
import type { CertificationEntry } from './certification-form';

/** One listed certification: name, issuer, dates, credential and the related skills. */
export function CertificationSummary({ entry }: { entry: CertificationEntry }) {
  return (
    <>
      <div className="entry__main">
        <h3 className="entry__title">{entry.name}</h3>
        <p className="entry__sub">{entry.issuer}</p>
        <p className="entry__meta">
          Issued {formatMonthYear(entry.issue_date)}
          {entry.expiry_date ? ` · Expires ${formatMonthYear(entry.expiry_date)}` : ' · No expiry'}
          {entry.credential_id ? (
            <>
              {' · '}Credential ID <span className="mono">{entry.credential_id}</span>
            </>
          ) : null}
        </p>
        {entry.credential_url ? (
          <p className="entry__meta">
            <a href={entry.credential_url} target="_blank" rel="noopener noreferrer">
              View credential
              <span className="visually-hidden"> for {entry.name} (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
      </div>
      <SkillList skills={entry.skills} label={`Skills for ${entry.name}`} />
    </>
  );
}
