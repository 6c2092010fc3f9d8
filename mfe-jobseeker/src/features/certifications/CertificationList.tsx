import { EmptyState } from '@meritmatch/ui';
import { formatMonthYear } from '@meritmatch/web-kit';
import { EntryActions } from '../../shared/EntryActions';
import type { CertificationEntry } from './certification-form';

export function CertificationList({
  entries,
  editingId,
  deletingId,
  onEdit,
  onDelete,
}: {
  entries: readonly CertificationEntry[];
  editingId: string | null;
  deletingId: string | null;
  onEdit: (entry: CertificationEntry) => void;
  onDelete: (entry: CertificationEntry) => void;
}) {
  if (entries.length === 0) {
    return (
      <EmptyState
        title="No certifications added yet"
        description="Certificates and licences show employers what you can prove."
      />
    );
  }
  return (
    <ul className="list" aria-label="Certifications">
      {entries.map((entry) => (
        <li key={entry.id} className={`list-item entry${entry.id === editingId ? ' entry--editing' : ''}`}>
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
          {entry.skills.length > 0 ? (
            <ul className="chips" aria-label={`Skills for ${entry.name}`}>
              {entry.skills.map((skill) => (
                <li key={skill} className="chip">
                  {skill}
                </li>
              ))}
            </ul>
          ) : null}
          <EntryActions
            what={`certification ${entry.name}`}
            editing={entry.id === editingId}
            deleting={entry.id === deletingId}
            onEdit={() => onEdit(entry)}
            onDelete={() => onDelete(entry)}
          />
        </li>
      ))}
    </ul>
  );
}
