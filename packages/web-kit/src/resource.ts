import { type ApiClient, useApi } from '@meritmatch/web-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

/** How a write reaches the server, and how its answer changes what the cache holds. */
export type ResourceWrite<Variables, Answer, Value> = {
  write: (api: ApiClient, variables: Variables) => Promise<Answer>;
  /** The answer carries the new state: the screens show it at once, with no refetch. */
  update: (answer: Answer, current: Value | undefined) => Value | undefined;
  /** Also read it again after the write, whatever its outcome: others may change it meanwhile. */
  refetchAfter?: boolean;
};

/**
 * A resource an area reads with GET at the path its query key spells (`['admin',
 * 'system-settings']` is `/admin/system-settings`), keeping the answer's `field`, and the writes
 * whose answers update it. Errors are the API client's (`ApiRequestError`, shown with
 * `errorMessage`).
 */
export function defineResource<S extends z.ZodType, Field extends keyof z.output<S>>(
  key: readonly string[],
  schema: S,
  field: Field,
) {
  type Value = z.output<S>[Field];
  const path = `/${key.join('/')}`;
  /** The read as react-query options: for `useQuery`, or to fetch it ahead of its page (`prefetchQuery`). */
  const readOptions = (api: ApiClient) => ({
    queryKey: key,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Value> =>
      (await api(path, { schema, signal }))[field],
  });
  return {
    readOptions,
    useRead() {
      return useQuery(readOptions(useApi()));
    },
    useWrite<Variables, Answer>({
      write,
      update,
      refetchAfter = false,
    }: ResourceWrite<Variables, Answer, Value>) {
      const api = useApi();
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (variables: Variables) => write(api, variables),
        onSuccess: (answer) => queryClient.setQueryData<Value>(key, (current) => update(answer, current)),
        ...(refetchAfter ? { onSettled: () => queryClient.invalidateQueries({ queryKey: key }) } : {}),
      });
    },
  };
}

/** The list with the entry that has `changed`'s `identity` (its id, its kind) replaced by it. */
export const replaceIn = <Entry>(
  list: readonly Entry[] | undefined,
  changed: Entry,
  identity: keyof Entry,
): Entry[] | undefined => list?.map((entry) => (entry[identity] === changed[identity] ? changed : entry));
