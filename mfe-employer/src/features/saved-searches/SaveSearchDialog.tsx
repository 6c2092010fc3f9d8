import type { Position } from '@meritmatch/contracts';
import { Modal } from '@meritmatch/ui/dialogs';
import type { FilterValues } from '../search/search-filters';
import { SavedSearchForm } from './SavedSearchForm';
import { savedFiltersOf, suggestedName } from './saved-search-text';
import { useSaveSearch } from './saved-searches-query';

export const saveFailed = 'The search could not be saved. Please try again.';

/**
 * Saves the search form's filters (and its position) under a name, with the daily e-mail on
 * unless unchecked. A saved search closes the dialog and `onSaved` says so on the page.
 */
export function SaveSearchDialog({
  filters,
  positions,
  onClose,
  onSaved,
}: {
  /** The form's filters to save; null while the dialog is closed. */
  filters: FilterValues | null;
  positions: readonly Position[] | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSaveSearch();
  return (
    <Modal
      open={filters !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Save search"
      description="Keep these filters to run them again, and get the new candidates who match by e-mail."
    >
      {filters ? (
        <SavedSearchForm
          initial={{ name: suggestedName(filters, positions), digest: true }}
          askDigest
          failed={saveFailed}
          write={(change) => save.mutateAsync({ ...change, filters: savedFiltersOf(filters) })}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}
