import { useConfirm } from '@meritmatch/ui/dialogs';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { useProfileWrite } from '../profile/profile-query';

export type EntrySectionConfig = {
  /** e.g. `/job-seeker/experience`; an entry is `${path}/${id}`. */
  path: string;
  confirmation: string;
  saveFailed: string;
  deleteFailed: string;
};

/**
 * The mechanics every list section shares: add or edit one entry in a form (POST or
 * PUT), delete after a confirmation, and the messages of both. The form's message and
 * the list's message are kept apart so each shows next to what the user just did.
 */
export function useEntrySection({ path, confirmation, saveFailed, deleteFailed }: EntrySectionConfig) {
  const write = useProfileWrite();
  const confirm = useConfirm();
  const formFeedback = useFormMessage();
  const listFeedback = useFormMessage();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  /** Saves the form; resolves true when the entry was saved. */
  const save = async (body: unknown): Promise<boolean> => {
    formFeedback.clear();
    listFeedback.clear();
    try {
      const answer = editingId
        ? await write('PUT', `${path}/${editingId}`, body)
        : await write('POST', path, body);
      formFeedback.show(answer.message);
      setEditingId(null);
      return true;
    } catch (error) {
      formFeedback.show(errorMessage(error, saveFailed));
      return false;
    }
  };

  /** Asks first; resolves true when the entry was deleted. */
  const remove = async (id: string): Promise<boolean> => {
    if (!(await confirm(confirmation, { confirmLabel: 'Delete' }))) return false;
    formFeedback.clear();
    listFeedback.clear();
    setDeletingId(id);
    try {
      const answer = await write('DELETE', `${path}/${id}`);
      listFeedback.show(answer.message);
      return true;
    } catch (error) {
      listFeedback.show(errorMessage(error, deleteFailed));
      return false;
    } finally {
      setDeletingId(null);
    }
  };

  return {
    editingId,
    deletingId,
    formFeedback,
    listFeedback,
    startEdit: (id: string) => {
      formFeedback.clear();
      listFeedback.clear();
      setEditingId(id);
    },
    stopEdit: () => setEditingId(null),
    save,
    remove,
  };
}
