import {
  type AdminMatchRequest,
  type AdminQueueTab,
  adminQueueTabs,
  awaitingCandidateNote,
  emptyRequestsText,
} from '@meritmatch/contracts';
import { Button, EmptyState, LoadingState, Pager } from '@meritmatch/ui';
import { LoadError, Notice } from '@meritmatch/web-kit';
import { useFormMessage } from '@meritmatch/web-session';
import { useCallback, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { panelId, tabId } from '../../shared/TabList';
import { CandidateModal } from '../candidate/CandidateModal';
import { DecisionDialog, type DecisionTarget } from './DecisionDialog';
import type { Decision } from './decisions';
import { RequestRow } from './RequestRow';
import { useDecideRequest, useDecisionsUnderWay, useRequestPage } from './requests-query';
import { StatusTabs } from './StatusTabs';
import { statusWords } from './status';

/** The tab and page live in the address (?status=approved&page=2), so they survive a reload. */
function useQueueLocation() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: AdminQueueTab = adminQueueTabs.find((tab) => tab === asked) ?? 'pending';
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const go = (next: { status?: AdminQueueTab; page?: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const nextStatus = next.status ?? status;
        const nextPage = next.page ?? (next.status ? 1 : page);
        if (nextStatus === 'pending') updated.delete('status');
        else updated.set('status', nextStatus);
        if (nextPage === 1) updated.delete('page');
        else updated.set('page', String(nextPage));
        return updated;
      },
      { replace: true },
    );
  return { status, page, go };
}

/**
 * The match request queue (Overview and /admin/requests): status tabs, 10 per page, each
 * request with its moves, the decision dialog and the candidate detail. A decision shows on its
 * row at once; the server's message (or refusal) comes above the queue.
 */
export function RequestQueue() {
  const base = useId().replaceAll(':', '');
  const { status, page, go } = useQueueLocation();
  const query = useRequestPage(status, page);
  const feedback = useFormMessage();
  const decideRequest = useDecideRequest({ onAnswer: feedback.show });
  const underWay = useDecisionsUnderWay();
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const [candidate, setCandidate] = useState<AdminMatchRequest | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const turnPage = (next: number) => {
    go({ page: next });
    // Next and Previous sit below the list: show the new page from its start
    top.current?.scrollIntoView({ block: 'start' });
  };

  const select = (next: AdminQueueTab) => {
    if (next !== status) feedback.clear();
    go({ status: next });
  };
  // stable, so that a decision re-renders only the row it changed (RequestRow is memoised)
  const clearFeedback = feedback.clear;
  const decide = useCallback(
    (request: AdminMatchRequest, decision: Decision) => {
      clearFeedback();
      setTarget({ request, decision });
    },
    [clearFeedback],
  );

  const answer = query.data;
  // a page past the end (after decisions emptied it) falls back to the last page
  const pastEnd = answer && answer.requests.length === 0 && answer.pagination.totalCount > 0 && page > 1;

  return (
    <div className="admin-queue" ref={top}>
      <StatusTabs base={base} current={status} onSelect={select} />
      <div
        role="tabpanel"
        id={panelId(base)}
        aria-labelledby={tabId(base, status)}
        aria-busy={query.isFetching || undefined}
        className="stack"
        data-testid="request-queue"
        data-status={status}
      >
        <Notice message={feedback.message} list={query.data} />
        {query.isError ? (
          <LoadError title="The match requests could not be loaded." query={query} />
        ) : !answer ? (
          <LoadingState label={`Loading ${statusWords(status)} requests…`} />
        ) : pastEnd ? (
          <EmptyState
            title="This page is empty now."
            action={
              <Button variant="secondary" onClick={() => go({ page: answer.pagination.totalPages })}>
                Go to the last page
              </Button>
            }
          />
        ) : answer.requests.length === 0 ? (
          <EmptyState title={emptyRequestsText(statusWords(status))} />
        ) : (
          <>
            <p className="small muted admin-count" aria-live="polite">
              {answer.pagination.totalCount} {statusWords(status)}{' '}
              {answer.pagination.totalCount === 1 ? 'request' : 'requests'}
            </p>
            {status === 'awaiting_candidate' ? <p className="small muted">{awaitingCandidateNote}</p> : null}
            <ul className="list" aria-label={`${statusWords(status)} match requests`}>
              {answer.requests.map((request) => (
                <RequestRow
                  key={request.id}
                  request={request}
                  tab={status}
                  saving={underWay.has(request.id)}
                  onDecide={decide}
                  onViewCandidate={setCandidate}
                />
              ))}
            </ul>
            <Pager
              pagination={answer.pagination}
              onPage={turnPage}
              label={`${statusWords(status)} requests pages`}
            />
          </>
        )}
      </div>
      <DecisionDialog
        target={target}
        onClose={() => setTarget(null)}
        onDecide={({ request }, decision) => {
          setTarget(null);
          decideRequest.mutate({ id: request.id, decision });
        }}
      />
      <CandidateModal
        jobSeekerId={candidate?.job_seeker_id ?? null}
        requestId={candidate?.id ?? null}
        code={candidate?.job_seeker_info.uniqueCode ?? ''}
        onClose={() => setCandidate(null)}
      />
    </div>
  );
}
