import type { SavedSearch } from '@meritmatch/contracts';
import { Modal } from '@meritmatch/ui/dialogs';
import { SavedSearchForm } from './SavedSearchForm';
import { useRenameSavedSearch } from './saved-searches-query';

export const renameFailed = 'The saved search could not be renamed. Please try again.';

/** Renames a saved search in a dialog; a saved name closes it and `onSaved` says so on the page. */
export function RenameSavedSearchDialog({
  search,
  onClose,
  onSaved,
}: {
  /** The search to rename, as the list has it now; null while the dialog is closed. */
  search: SavedSearch | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const rename = useRenameSavedSearch();
  return (
    <Modal
      open={search !== null}
      onOpenChange={(open) => !open && onClose()}
      title={search ? `Rename ${search.name}` : 'Rename saved search'}
    >
      {/* keyed: another search starts from its own name */}
      {search ? (
        <SavedSearchForm
          key={search.id}
          initial={{ name: search.name, digest: search.digest }}
          askDigest={false}
          failed={renameFailed}
          write={(change) => rename.mutateAsync({ id: search.id, change })}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}
