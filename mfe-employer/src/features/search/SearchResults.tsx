import { type CandidateSummary, employerMessages } from '@meritmatch/contracts';
import { Button, Card, EmptyState, ErrorState, LoadingState, Pager } from '@meritmatch/ui';
import { LoadError } from '@meritmatch/web-kit';
import { CandidateCard } from './CandidateCard';
import { isNotVerified, searchFailure, type useCandidateSearch } from './candidate-search-query';

/**
 * What a search found: a spinner, the refusal (not verified) or an error, the empty
 * text, or the cards with the pager.
 */
export function SearchResults({
  query,
  page,
  onPage,
  onViewDetails,
  onRequestMatch,
}: {
  query: ReturnType<typeof useCandidateSearch>;
  page: number;
  onPage: (page: number) => void;
  onViewDetails: (candidate: CandidateSummary) => void;
  onRequestMatch: (candidate: CandidateSummary) => void;
}) {
  if (query.isPending) {
    return (
      <Card>
        <LoadingState label="Searching candidates…" />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card>
        {isNotVerified(query.error) ? (
          <ErrorState
            title={employerMessages.notVerified}
            description="Search opens as soon as an admin has verified your company profile."
          />
        ) : (
          <LoadError
            title="Candidates could not be loaded."
            description={searchFailure(query.error)}
            query={query}
          />
        )}
      </Card>
    );
  }
  const { candidates, pagination } = query.data;
  if (candidates.length === 0) {
    return (
      <Card>
        {page > 1 ? (
          <EmptyState
            title="There are no candidates on this page."
            action={
              <Button variant="secondary" onClick={() => onPage(1)}>
                Go to the first page
              </Button>
            }
          />
        ) : (
          <EmptyState title={employerMessages.noCandidates} />
        )}
      </Card>
    );
  }
  return (
    <>
      <p className="small muted employer-results__count" aria-live="polite">
        {pagination.totalCount === 1 ? '1 candidate found' : `${pagination.totalCount} candidates found`}
      </p>
      <ul className="grid grid--cards employer-cards" aria-label="Candidates">
        {candidates.map((candidate) => (
          <CandidateCard
            key={candidate.id}
            candidate={candidate}
            onViewDetails={onViewDetails}
            onRequestMatch={onRequestMatch}
          />
        ))}
      </ul>
      <Pager pagination={pagination} onPage={onPage} label="Search results pages" />
    </>
  );
}
