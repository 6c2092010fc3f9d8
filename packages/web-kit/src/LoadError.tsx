import { Button, ErrorState, LoadingState } from '@meritmatch/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A read that failed, with a way to try it again: the button is busy while the retry runs.
 * `query` is a TanStack Query result (or anything with `isFetching` and `refetch`).
 */
export function LoadError({
  title,
  description = 'Please check your connection and try again.',
  query,
}: {
  title: string;
  /** `null` for none. */
  description?: string | null;
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
}) {
  return (
    <ErrorState
      title={title}
      description={description ?? undefined}
      action={
        <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          {query.isFetching ? 'Retrying…' : 'Try again'}
        </Button>
      }
    />
  );
}

/**
 * What a read shows: a spinner named `loading` while it loads, `LoadError` titled `failed` when
 * it failed, else `children` with its data. `query` is a TanStack Query result.
 */
export function Loaded<Data>({
  query,
  loading,
  failed,
  failedDescription,
  children,
}: {
  query: UseQueryResult<Data>;
  loading: string;
  failed: string;
  /** In place of LoadError's own description. */
  failedDescription?: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError) return <LoadError title={failed} description={failedDescription} query={query} />;
  return children(query.data);
}
