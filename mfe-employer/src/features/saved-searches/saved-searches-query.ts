import {
  type SavedSearch,
  type SavedSearchChange,
  type SavedSearchInput,
  ZSavedSearchDeleteAnswer,
  ZSavedSearchesAnswer,
  ZSavedSearchWriteAnswer,
} from '@meritmatch/contracts';
import { defineResource, replaceIn } from '@meritmatch/web-kit/resource';
import { useApi } from '@meritmatch/web-session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from '../../shared/employer-keys';

const savedSearches = defineResource(employerKeys.savedSearches, ZSavedSearchesAnswer, 'searches');
const path = (id: string) => `/employer/saved-searches/${id}`;

/** The employer's saved searches, newest first as the server sends them. */
export const useSavedSearchesQuery = savedSearches.useRead;

/** Saves the search's filters under a name; the new one goes first in the list. */
export const useSaveSearch = () =>
  savedSearches.useWrite({
    write: (api, input: SavedSearchInput) =>
      api('/employer/saved-searches', { method: 'POST', body: input, schema: ZSavedSearchWriteAnswer }),
    update: ({ search }, list) => (list ? [search, ...list] : list),
  });

/** Renames a saved search (its daily e-mail as it is) and puts the answer's search into the list. */
export const useRenameSavedSearch = () =>
  savedSearches.useWrite({
    write: (api, { id, change }: { id: string; change: SavedSearchChange }) =>
      api(path(id), { method: 'PUT', body: change, schema: ZSavedSearchWriteAnswer }),
    update: ({ search }, list) => replaceIn(list, search, 'id'),
  });

/** Deletes a saved search and takes it out of the list. */
export const useDeleteSavedSearch = () =>
  savedSearches.useWrite({
    // the answer says only that it went: the id says which one to take out
    write: async (api, id: string) => ({
      id,
      ...(await api(path(id), { method: 'DELETE', schema: ZSavedSearchDeleteAnswer })),
    }),
    update: ({ id }, list) => list?.filter((search) => search.id !== id),
  });

/**
 * Turns a saved search's daily e-mail on or off. The switch moves at once; a refusal puts it
 * back (that search's only, so a change to another one meanwhile stays).
 */
export function useDigestSwitch() {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = employerKeys.savedSearches;
  const setDigest = (id: string, digest: boolean) =>
    queryClient.setQueryData<SavedSearch[]>(key, (list) =>
      list?.map((search) => (search.id === id ? { ...search, digest } : search)),
    );
  return useMutation({
    mutationFn: ({ search, digest }: { search: SavedSearch; digest: boolean }) =>
      api(path(search.id), {
        method: 'PUT',
        body: { name: search.name, digest } satisfies SavedSearchChange,
        schema: ZSavedSearchWriteAnswer,
      }),
    onMutate: async ({ search, digest }) => {
      await queryClient.cancelQueries({ queryKey: key });
      setDigest(search.id, digest);
    },
    onSuccess: ({ search }) =>
      queryClient.setQueryData<SavedSearch[]>(key, (list) => replaceIn(list, search, 'id')),
    onError: (_error, { search }) => setDigest(search.id, search.digest),
  });
}
