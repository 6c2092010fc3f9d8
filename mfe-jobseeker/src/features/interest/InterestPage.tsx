import {
  confirmInterestDecision,
  type InterestDecision,
  type InterestRequest,
  interestDecisionLabels,
  interestTexts,
} from '@meritmatch/contracts';
import { Card, EmptyState, LoadingState } from '@meritmatch/ui';
import { useConfirm } from '@meritmatch/ui/dialogs';
import { LoadError, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { InterestItem } from './InterestItem';
import { useInterestDecision, useInterestQuery } from './interest-query';
import { SearchAppearances } from './SearchAppearances';

/**
 * /job-seeker/interest: every match request for the candidate, with the company (not anonymous to
 * the candidate), its message, the date and the status in the candidate's words. A request waiting
 * for the candidate can be accepted or declined; one with the admin team can have its consent
 * withdrawn. Each move asks first. Below, how often the profile appeared in searches, per week.
 */
export function InterestPage() {
  const query = useInterestQuery();
  const decide = useInterestDecision();
  const confirm = useConfirm();
  const feedback = useFormMessage();

  const onDecide = async (request: InterestRequest, decision: InterestDecision) => {
    feedback.clear();
    const company = request.company_name ?? 'this company';
    const confirmed = await confirm(confirmInterestDecision(decision, company), {
      confirmLabel: interestDecisionLabels[decision],
      tone: decision === 'accept' ? 'primary' : 'danger',
    });
    if (!confirmed) return;
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: (answer) => feedback.show(answer.message),
        onError: (error) => feedback.show(errorMessage(error, interestTexts.failed)),
      },
    );
  };

  return (
    <div className="stack">
      <Card title={interestTexts.title}>
        <div className="stack" data-testid="interest">
          <p className="muted">{interestTexts.intro}</p>
          <Notice message={feedback.message} list={query.data} />
          {query.isError ? (
            <LoadError title="Your requests could not be loaded." query={query} />
          ) : !query.data ? (
            <LoadingState label="Loading your requests…" />
          ) : query.data.length === 0 ? (
            <EmptyState title={interestTexts.empty} description={interestTexts.emptyHint} />
          ) : (
            <ul className="list" aria-label="Requests from companies">
              {query.data.map((request) => (
                <InterestItem
                  key={request.id}
                  request={request}
                  busy={decide.isPending}
                  onDecide={onDecide}
                />
              ))}
            </ul>
          )}
        </div>
      </Card>
      <SearchAppearances />
    </div>
  );
}
