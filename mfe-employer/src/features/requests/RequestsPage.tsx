import { employerMessages } from '@meritmatch/contracts';
import { Card, EmptyState, LoadingState } from '@meritmatch/ui';
import { useConfirm } from '@meritmatch/ui/dialogs';
import { LoadError, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { Link } from 'react-router-dom';
import { RequestItem } from './RequestItem';
import { useRequestsQuery, useUnmatch } from './requests-query';

export const unmatchConfirmation =
  'Are you sure you want to unmatch from this candidate? This cannot be undone.';

/** /employer/requests: the employer's own match requests, newest first as the server sends them. */
export function RequestsPage() {
  const query = useRequestsQuery();
  const unmatch = useUnmatch();
  const confirm = useConfirm();
  const outcome = useFormMessage();

  const onUnmatch = async (requestId: string) => {
    outcome.clear();
    if (!(await confirm(unmatchConfirmation, { confirmLabel: 'Unmatch' }))) return;
    unmatch.mutate(requestId, {
      onSuccess: (answer) => outcome.show(answer.message),
      onError: (error) => outcome.show(errorMessage(error, employerMessages.unmatchFailed)),
    });
  };

  return (
    <Card title="Match Requests">
      <div className="stack">
        <p className="muted employer-intro">
          Every request is reviewed by the MeritMatch team. Once a request is approved, we share contact
          details and facilitate the introduction.
        </p>
        <Notice message={outcome.message} onDismiss={outcome.clear} />
        {query.isPending ? (
          <LoadingState label="Loading your match requests…" />
        ) : query.isError ? (
          <LoadError title="Your match requests could not be loaded." query={query} />
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
                unmatching={unmatch.isPending && unmatch.variables === request.id}
                onUnmatch={() => void onUnmatch(request.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
