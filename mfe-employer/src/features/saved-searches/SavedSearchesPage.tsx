import { type SavedSearch, savedSearchLimit } from '@meritmatch/contracts';
import { useConfirm } from '@meritmatch/ui/dialogs';
import { errorMessage } from '@meritmatch/web-session';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { noOutcome, type Outcome, OwnList } from '../../shared/OwnList';
import { RenameSavedSearchDialog } from './RenameSavedSearchDialog';
import { SavedSearchItem } from './SavedSearchItem';
import { useDeleteSavedSearch, useDigestSwitch, useSavedSearchesQuery } from './saved-searches-query';

export const savedSearchTexts = {
  title: 'Saved Searches',
  label: 'Your saved searches',
  loading: 'Loading your saved searches…',
  intro: `Searches you keep, up to ${savedSearchLimit}. With the daily e-mail on, we send you at most one e-mail a day with the new candidates who match, by their codes and matched skills; each candidate once per search.`,
  empty: 'No saved searches yet.',
  emptyHint: 'Save a search to get new candidates who match by e-mail.',
  notVerified: 'Your account needs to be verified before you can save searches.',
  opensOnVerification: 'Saved searches open as soon as an admin has verified your company profile.',
  loadFailed: 'Your saved searches could not be loaded.',
  changeFailed: 'The saved search could not be changed. Please try again.',
  deleteFailed: 'The saved search could not be deleted. Please try again.',
  confirmDelete: (name: string) => `Delete ${name}? You will no longer get its e-mails.`,
} as const;

/**
 * /employer/saved-searches: the employer's saved searches, newest first, each with its filters in
 * words, the daily e-mail's switch, and Run, Rename and Delete. Searches are saved from the
 * search page, whose filters they keep: a page of their own, as Positions has, since the list
 * with its switches and actions would push the search's results down.
 */
export function SavedSearchesPage() {
  const query = useSavedSearchesQuery();
  const digest = useDigestSwitch();
  const remove = useDeleteSavedSearch();
  const confirm = useConfirm();
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(noOutcome);
  const switching = useRef(new Set<string>());
  // the list's own entry, so a rename sends the daily e-mail as it is now
  const renaming = query.data?.find((search) => search.id === renamingId) ?? null;
  const failed = (fallback: string) => (error: unknown) =>
    setOutcome({ message: errorMessage(error, fallback), tone: 'error' });

  const onDigest = (search: SavedSearch, on: boolean) => {
    // one change of a search at a time, so that its answers cannot come back out of order
    if (switching.current.has(search.id)) return;
    switching.current.add(search.id);
    setOutcome(noOutcome);
    // the promise, not mutate's callbacks: those are called for the last of several switches only
    digest
      .mutateAsync({ search, digest: on })
      .then((answer) => setOutcome({ message: answer.message, tone: 'success' }))
      .catch(failed(savedSearchTexts.changeFailed))
      .finally(() => switching.current.delete(search.id));
  };
  const onDelete = async (search: SavedSearch) => {
    setOutcome(noOutcome);
    if (!(await confirm(savedSearchTexts.confirmDelete(search.name), { confirmLabel: 'Delete search' })))
      return;
    remove.mutate(search.id, {
      onSuccess: (answer) => setOutcome({ message: answer.message, tone: 'success' }),
      onError: failed(savedSearchTexts.deleteFailed),
    });
  };

  return (
    <>
      <OwnList
        query={query}
        texts={savedSearchTexts}
        action={
          <Link className="btn btn--secondary btn--sm" to="/employer/search">
            Search Candidates
          </Link>
        }
        emptyAction={
          <Link className="btn btn--primary btn--md" to="/employer/search">
            Search Candidates
          </Link>
        }
        outcome={outcome}
        onDismiss={() => setOutcome(noOutcome)}
      >
        {(searches) =>
          searches.map((search) => (
            <SavedSearchItem
              key={search.id}
              search={search}
              deleting={remove.isPending && remove.variables === search.id}
              onDigest={(on) => onDigest(search, on)}
              onRename={() => {
                setOutcome(noOutcome);
                setRenamingId(search.id);
              }}
              onDelete={() => void onDelete(search)}
            />
          ))
        }
      </OwnList>
      <RenameSavedSearchDialog
        search={renaming}
        onClose={() => setRenamingId(null)}
        onSaved={(message) => setOutcome({ message, tone: 'success' })}
      />
    </>
  );
}
