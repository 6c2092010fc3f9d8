import { confirmations, type JobSeekerProfile, jobSeekerMessages } from '@meritmatch/contracts';
import { Card, EmptyState } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import type { ComponentType } from 'react';
import { type SectionKey, sectionOf } from '../app/sections';
import { useProfile } from '../profile/profile-query';
import { EntryActions } from './EntryActions';
import { type EntrySection, useEntrySection } from './useEntrySection';

/**
 * What one list section of the profile builder is made of; the rest (path, titles, texts,
 * the list and its actions) follows from its menu entry and its noun.
 */
export type ListSection<E extends { id: string }> = {
  key: Extract<SectionKey, 'experience' | 'education' | 'certifications'>;
  /** One entry: 'Add experience', and the spec's texts (`confirmations.experience`, …). */
  noun: 'experience' | 'education' | 'certification';
  entriesOf: (profile: JobSeekerProfile) => readonly E[];
  /** Names an entry on its buttons: `experience at Acme` reads 'Edit experience at Acme'. */
  what: (entry: E) => string;
  /** Under 'No … added yet'. */
  emptyHint: string;
  Form: ComponentType<{ entry: E | null; section: EntrySection }>;
  /** One listed entry, without its Edit and Delete. */
  Summary: ComponentType<{ entry: E }>;
};

/**
 * A list section: the form (adding, or editing the chosen entry) above the list of entries
 * with their Edit and Delete. Experience, education and certifications differ only in what
 * their `ListSection` says. Rendered behind `RequireProfile`: the profile is loaded.
 */
export function EntrySectionPage<E extends { id: string }>({ definition }: { definition: ListSection<E> }) {
  const { key, noun, entriesOf, what, emptyHint, Form, Summary } = definition;
  const { label, to } = sectionOf(key);
  const profile = useProfile()!;
  const section = useEntrySection({
    noun,
    path: to,
    confirmation: confirmations[noun],
    saveFailed: jobSeekerMessages[`${noun}Failed`],
    deleteFailed: jobSeekerMessages[`${noun}DeleteFailed`],
    fullName: profile.full_name,
  });
  const entries = entriesOf(profile);
  const editing = entries.find((entry) => entry.id === section.editingId) ?? null;
  const plural = label.toLowerCase();
  return (
    <div className="stack">
      {/* a new form per entry: its default values are that entry's */}
      <Form key={editing?.id ?? 'new'} entry={editing} section={section} />
      <Card title={`Your ${plural}`}>
        <div className="stack">
          <Notice message={section.listFeedback.message} />
          {entries.length === 0 ? (
            <EmptyState title={`No ${plural} added yet`} description={emptyHint} />
          ) : (
            <ul className="list" aria-label={label}>
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  className={`list-item entry${entry.id === section.editingId ? ' entry--editing' : ''}`}
                >
                  <Summary entry={entry} />
                  <EntryActions
                    what={what(entry)}
                    editing={entry.id === section.editingId}
                    deleting={entry.id === section.deletingId}
                    onEdit={() => section.startEdit(entry.id)}
                    onDelete={() => void section.remove(entry.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </Card>
    </div>
  );
}
