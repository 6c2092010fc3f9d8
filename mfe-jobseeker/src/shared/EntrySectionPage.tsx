import { Card } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import type { ComponentType } from 'react';
import { type EntrySectionConfig, useEntrySection } from './useEntrySection';

export type EntrySection = ReturnType<typeof useEntrySection>;

export type EntryListProps<E> = {
  entries: readonly E[];
  editingId: string | null;
  deletingId: string | null;
  onEdit: (entry: E) => void;
  onDelete: (entry: E) => void;
};

/**
 * A list section of the profile builder: the form (adding, or editing the chosen entry)
 * above the list with its edit and delete actions. Experience, education and
 * certifications differ only in their form, their list and their texts.
 */
export function EntrySectionPage<E extends { id: string }>({
  config,
  entries,
  listTitle,
  Form,
  List,
}: {
  config: EntrySectionConfig;
  entries: readonly E[];
  listTitle: string;
  Form: ComponentType<{ entry: E | null; section: EntrySection }>;
  List: ComponentType<EntryListProps<E>>;
}) {
  const section = useEntrySection(config);
  const editing = entries.find((entry) => entry.id === section.editingId) ?? null;
  return (
    <div className="stack">
      {/* a new form per entry: its default values are that entry's */}
      <Form key={editing?.id ?? 'new'} entry={editing} section={section} />
      <Card title={listTitle}>
        <div className="stack">
          <Notice message={section.listFeedback.message} />
          <List
            entries={entries}
            editingId={section.editingId}
            deletingId={section.deletingId}
            onEdit={(entry) => section.startEdit(entry.id)}
            onDelete={(entry) => void section.remove(entry.id)}
          />
        </div>
      </Card>
    </div>
  );
}
