import { EmptyState } from '@meritmatch/ui';
import { EntryActions } from '../../shared/EntryActions';
import { type EducationEntry, formatGpa } from './education-form';

export function EducationList({
  entries,
  editingId,
  deletingId,
  onEdit,
  onDelete,
}: {
  entries: readonly EducationEntry[];
  editingId: string | null;
  deletingId: string | null;
  onEdit: (entry: EducationEntry) => void;
  onDelete: (entry: EducationEntry) => void;
}) {
  if (entries.length === 0) {
    return (
      <EmptyState
        title="No education added yet"
        description="Add your degrees and diplomas, including one you are still studying for."
      />
    );
  }
  return (
    <ul className="list" aria-label="Education">
      {entries.map((entry) => (
        <li key={entry.id} className={`list-item entry${entry.id === editingId ? ' entry--editing' : ''}`}>
          <div className="entry__main">
            <h3 className="entry__title">
              {entry.degree}
              {entry.field_of_study ? ` in ${entry.field_of_study}` : ''}
            </h3>
            <p className="entry__sub">{entry.institution}</p>
            <p className="entry__meta">
              {[
                entry.graduation_year === null ? null : `Class of ${entry.graduation_year}`,
                entry.gpa === null ? null : formatGpa(entry.gpa),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <EntryActions
            what={`education at ${entry.institution}`}
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
