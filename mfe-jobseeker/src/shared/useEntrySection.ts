import { useConfirm } from '@meritmatch/ui/dialogs';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { useProfileWrite } from '../profile/profile-query';

export type EntrySectionConfig = {
  /** What one entry is called on buttons and titles: 'Add experience', 'Update certification'. */
  noun: string;
  /** e.g. `/job-seeker/experience`; an entry is `${path}/${id}`. */
  path: string;
  confirmation: string;
  saveFailed: string;
  deleteFailed: string;
  /** The job seeker's name, whose words the section's form looks for in what employers see. */
  fullName: string;
};

/**
 * The mechanics every list section shares: add or edit one entry in a form (POST or
 * PUT), delete after a confirmation, and the messages of both. The form's message and
 * the list's message are kept apart so each shows next to what the user just did.
 */
export function useEntrySection({
  noun,
  path,
  confirmation,
  saveFailed,
  deleteFailed,
  fullName,
}: EntrySectionConfig) {
  const saving = useProfileWrite();
  const deleting = useProfileWrite();
  const confirm = useConfirm();
  const formFeedback = useFormMessage();
  const listFeedback = useFormMessage();
  const [editingId, setEditingId] = useState<string | null>(null);
  const clearMessages = () => {
    formFeedback.clear();
    listFeedback.clear();
  };

  /** Saves the form (the entry being edited, else a new one); `onSaved` runs after a success. */
  const save = (body: unknown, onSaved?: () => void) => {
    clearMessages();
    const write = editingId
      ? { method: 'PUT' as const, path: `${path}/${editingId}` }
      : { method: 'POST' as const, path };
    saving.mutate(
      { ...write, body },
      {
        onSuccess: (answer) => {
          formFeedback.show(answer.message);
          setEditingId(null);
          onSaved?.();
        },
        onError: (error) => formFeedback.show(errorMessage(error, saveFailed)),
      },
    );
  };

  /** Asks first, then deletes; an entry deleted while being edited leaves the form. */
  const remove = async (id: string) => {
    if (!(await confirm(confirmation, { confirmLabel: 'Delete' }))) return;
    clearMessages();
    deleting.mutate(
      { method: 'DELETE', path: `${path}/${id}` },
      {
        onSuccess: (answer) => {
          listFeedback.show(answer.message);
          setEditingId((current) => (current === id ? null : current));
        },
        onError: (error) => listFeedback.show(errorMessage(error, deleteFailed)),
      },
    );
  };

  return {
    noun,
    fullName,
    editingId,
    deletingId: deleting.isPending ? (deleting.variables.path.split('/').pop() ?? null) : null,
    saving: saving.isPending,
    formFeedback,
    listFeedback,
    startEdit: (id: string) => {
      clearMessages();
      setEditingId(id);
    },
    stopEdit: () => setEditingId(null),
    save,
    remove,
  };
}

export type EntrySection = ReturnType<typeof useEntrySection>;
