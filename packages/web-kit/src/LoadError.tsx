import { Button, ErrorState } from '@meritmatch/ui';

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
