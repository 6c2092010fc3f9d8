import { employerMessages } from '@meritmatch/contracts';
import { Button, Card, EmptyState, ErrorState, LoadingState } from '@meritmatch/ui';
import { useConfirm } from '@meritmatch/ui/dialogs';
import { errorMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../shared/Notice';
import { RequestItem } from './RequestItem';
import { useRequestsQuery, useUnmatch } from './requests-query';

export const unmatchConfirmation =
  'Are you sure you want to unmatch from this candidate? This cannot be undone.';

/** /employer/requests: the employer's own match requests, newest first as the server sends them. */
export function RequestsPage() {
  const query = useRequestsQuery();
  const unmatch = useUnmatch();
  const confirm = useConfirm();
  // not the shared FormMessage: 'Successfully unmatched…' starts with a capital S
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [unmatchingId, setUnmatchingId] = useState<string | null>(null);

  const onUnmatch = async (requestId: string) => {
    setOutcome(null);
    if (!(await confirm(unmatchConfirmation, { confirmLabel: 'Unmatch' }))) return;
    setUnmatchingId(requestId);
    try {
      setOutcome({ tone: 'success', text: (await unmatch(requestId)).message });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, employerMessages.unmatchFailed) });
    } finally {
      setUnmatchingId(null);
    }
  };

  return (
    <Card title="Match Requests">
      <div className="stack">
        <p className="muted employer-intro">
          Every request is reviewed by the MeritMatch team. Once a request is approved, we share contact
          details and facilitate the introduction.
        </p>
        {outcome ? (
          <Notice tone={outcome.tone} onDismiss={() => setOutcome(null)}>
            {outcome.text}
          </Notice>
        ) : null}
        {query.isPending ? (
          <LoadingState label="Loading your match requests…" />
        ) : query.isError ? (
          <ErrorState
            title="Your match requests could not be loaded."
            description="Please check your connection and try again."
            action={
              <Button onClick={() => void query.refetch()} busy={query.isFetching}>
                {query.isFetching ? 'Retrying…' : 'Try again'}
              </Button>
            }
          />
        ) : query.data.length === 0 ? (
          <EmptyState
            title={employerMessages.noRequests}
            description={employerMessages.noRequestsHint}
            action={
              <Link className="btn btn--primary btn--md" to="/employer/search">
                Search Candidates
              </Link>
            }
          />
        ) : (
          <ul className="list" aria-label="Your match requests">
            {query.data.map((request) => (
              <RequestItem
                key={request.id}
                request={request}
                unmatching={unmatchingId === request.id}
                onUnmatch={() => void onUnmatch(request.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
