import { type SavedSearchChange, ZSavedSearchChange } from '@meritmatch/contracts';
import { Button, CheckboxField, TextField } from '@meritmatch/ui';
import { contractResolver, fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { showServerFieldErrors } from '../../shared/server-field-errors';

const changeResolver = contractResolver<SavedSearchChange, SavedSearchChange>(ZSavedSearchChange);

export const digestLabel = 'E-mail me new candidates who match (at most once a day)';

/**
 * A saved search's name, and its daily e-mail when `askDigest` (else it goes as it was), checked
 * with the change's contract. `write` sends them; its answer's message goes to `onSaved` and the
 * dialog closes, a refusal shows at the name or above the form.
 */
export function SavedSearchForm({
  initial,
  askDigest,
  failed,
  write,
  onClose,
  onSaved,
}: {
  initial: SavedSearchChange;
  askDigest: boolean;
  /** What a refusal says when the server gives no message of its own. */
  failed: string;
  write: (change: SavedSearchChange) => Promise<{ message: string }>;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const feedback = useFormMessage();
  const form = useForm<SavedSearchChange, unknown, SavedSearchChange>({
    resolver: changeResolver,
    defaultValues: initial,
  });
  const { handleSubmit, register, setFocus, formState } = form;
  const field = fieldsOf(form);
  // straight to the name, selected, so that typing replaces it
  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);

  const submit = handleSubmit(async (change) => {
    feedback.clear();
    try {
      const answer = await write(change);
      onSaved(answer.message);
      onClose();
    } catch (error) {
      if (!showServerFieldErrors(form, error)) feedback.show(errorMessage(error, failed));
    }
  });
  const saving = formState.isSubmitting;

  return (
    <form className="form" onSubmit={submit} onChange={feedback.clearIfError} noValidate>
      <Notice message={feedback.message} />
      <TextField label="Name" required maxLength={80} autoComplete="off" {...field('name')} />
      {askDigest ? <CheckboxField label={digestLabel} {...register('digest')} /> : null}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" busy={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
