import { experienceTypeLabels } from '@meritmatch/contracts';
import { Badge, EmptyState } from '@meritmatch/ui';
import { formatMonthYear } from '@meritmatch/web-kit';
import { EntryActions } from '../../shared/EntryActions';
import type { ExperienceEntry } from './experience-form';

export function ExperienceList({
  entries,
  editingId,
  deletingId,
  onEdit,
  onDelete,
}: {
  entries: readonly ExperienceEntry[];
  editingId: string | null;
  deletingId: string | null;
  onEdit: (entry: ExperienceEntry) => void;
  onDelete: (entry: ExperienceEntry) => void;
}) {
  if (entries.length === 0) {
    return (
      <EmptyState
        title="No experience added yet"
        description="Jobs, internships and projects all count. Fresh graduates can skip this section."
      />
    );
  }
  return (
    <ul className="list" aria-label="Experience">
      {entries.map((entry) => (
        <li key={entry.id} className={`list-item entry${entry.id === editingId ? ' entry--editing' : ''}`}>
          <div className="entry__head">
            <div className="entry__main">
              <h3 className="entry__title">{entry.position}</h3>
              <p className="entry__sub">{entry.company_name}</p>
              <p className="entry__meta">
                {formatMonthYear(entry.start_date)} –{' '}
                {entry.is_current || !entry.end_date ? 'Present' : formatMonthYear(entry.end_date)}
              </p>
            </div>
            <Badge tone={entry.experience_type === 'professional' ? 'accent' : 'info'}>
              {experienceTypeLabels[entry.experience_type]}
            </Badge>
          </div>
          {entry.description ? <p className="entry__text">{entry.description}</p> : null}
          {entry.skills.length > 0 ? (
            <ul className="chips" aria-label={`Skills used at ${entry.company_name}`}>
              {entry.skills.map((skill) => (
                <li key={skill} className="chip">
                  {skill}
                </li>
              ))}
            </ul>
          ) : null}
          <EntryActions
            what={`experience at ${entry.company_name}`}
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
