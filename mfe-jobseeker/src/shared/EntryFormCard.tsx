import { Card, FormActions } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import type { FormEventHandler, ReactNode } from 'react';
import type { EntrySection } from './useEntrySection';

export type EntryFormFrame = {
  section: EntrySection;
  /** Editing a listed entry, rather than adding one. */
  editing: boolean;
  /** The form differs from its start: Cancel is offered then too. */
  dirty: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
};

/**
 * The card around a list section's form: 'Add …' or 'Edit …', the form's message, the
 * fields, and Add … / Update … (busy while saving) with Cancel when there is something to
 * drop. `actions={false}` leaves the buttons out (a fresh graduate has nothing to add).
 */
export function EntryFormCard({
  section,
  editing,
  dirty,
  onSubmit,
  onCancel,
  actions = true,
  children,
}: EntryFormFrame & { actions?: boolean; children: ReactNode }) {
  const { noun, saving, formFeedback } = section;
  return (
    <Card title={`${editing ? 'Edit' : 'Add'} ${noun}`}>
      <form className="form" onSubmit={onSubmit} onChange={formFeedback.clearIfError} noValidate>
        <Notice message={formFeedback.message} />
        {children}
        {actions ? (
          <FormActions busy={saving} onCancel={editing || dirty ? onCancel : undefined}>
            {saving ? 'Saving…' : `${editing ? 'Update' : 'Add'} ${noun}`}
          </FormActions>
        ) : null}
      </form>
    </Card>
  );
}
