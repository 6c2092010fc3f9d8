import type { CandidateSummary } from '@meritmatch/contracts';
import { Card } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { noOutcome, type Outcome } from '../../shared/OwnList';
import { CandidateDetailModal } from '../candidate-detail/CandidateDetailModal';
import { RequestMatchModal } from '../match-request/RequestMatchModal';
import { usePositionsQuery } from '../positions/positions-query';
import { SaveSearchDialog } from '../saved-searches/SaveSearchDialog';
import { useCandidateSearch } from './candidate-search-query';
import { SearchFiltersForm } from './SearchFiltersForm';
import { SearchResults } from './SearchResults';
import {
  type FilterValues,
  filtersFrom,
  filtersToParams,
  filterValuesOf,
  readFilters,
  type SearchFilters,
} from './search-filters';

/**
 * A search that names a position and no skill (the Positions page's "Search candidates" link,
 * `?position=<id>`) is filled from the open position once the positions have loaded, and held back
 * until then: the address then says the whole search. A position that is closed or unknown is
 * sent as it is, and the server's answer says why it finds nothing.
 */
function usePositionFill(filters: SearchFilters, setParams: ReturnType<typeof useSearchParams>[1]) {
  const positions = usePositionsQuery();
  const unfilled = filters.position !== '' && filters.skills.trim() === '';
  const named = positions.data?.find((position) => position.id === filters.position);
  const filled =
    unfilled && named?.status === 'open'
      ? filtersToParams({ ...filters, ...filtersFrom(named) }).toString()
      : undefined;
  useEffect(() => {
    if (filled !== undefined) setParams(new URLSearchParams(filled), { replace: true });
  }, [filled, setParams]);
  return { positions, waiting: unfilled && (positions.isPending || filled !== undefined) };
}

/**
 * /employer/search: the filters (kept in the URL), the candidate cards and their two dialogs, and
 * Save search's dialog; one notice under the filters says what happened last.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { positions, waiting } = usePositionFill(filters, setParams);
  const query = useCandidateSearch(filters, !waiting);
  const [notice, setNotice] = useState<Outcome>(noOutcome);
  const [saving, setSaving] = useState<FilterValues | null>(null);
  const [detailOf, setDetailOf] = useState<CandidateSummary | null>(null);
  const [requestFor, setRequestFor] = useState<CandidateSummary | null>(null);

  const search = (values: FilterValues) => {
    setNotice(noOutcome);
    setParams(filtersToParams({ ...values, page: 1 }));
  };
  const goToPage = (page: number) => {
    setParams(filtersToParams({ ...filters, page }));
    document.getElementById('employer-results')?.scrollIntoView({ block: 'start' });
  };
  // stable, so that the memoised cards stay as they are while a search is under way
  const viewDetails = useCallback((candidate: CandidateSummary) => {
    setNotice(noOutcome);
    setDetailOf(candidate);
  }, []);
  const onDetailFailed = useCallback((message: string) => setNotice({ message, tone: 'error' }), []);

  return (
    <div className="stack">
      <Card title="Search Candidates">
        <p className="muted employer-intro">
          Candidates are anonymous: you see a code, location, skills, experience and education. Personal
          details are shared only after our team approves a match. Location, age and gender are shown only as
          precisely as at least five candidates share them.
        </p>
        <SearchFiltersForm
          filters={filterValuesOf(filters)}
          positions={positions.data}
          positionsFailed={positions.isError}
          searching={query.isFetching}
          onSearch={search}
          onSave={(values) => {
            setNotice(noOutcome);
            setSaving(values);
          }}
        />
      </Card>

      <Notice message={notice.message} tone={notice.tone} onDismiss={() => setNotice(noOutcome)} />
      {notice.message && notice.tone === 'success' ? (
        <p className="small employer-saved-link">
          <Link to="/employer/saved-searches">Go to your saved searches</Link>
        </p>
      ) : null}

      <section id="employer-results" aria-labelledby="employer-results-title" aria-busy={query.isFetching}>
        <h2 id="employer-results-title" className="visually-hidden">
          Results
        </h2>
        <SearchResults
          query={query}
          page={filters.page}
          onPage={goToPage}
          onViewDetails={viewDetails}
          onRequestMatch={setRequestFor}
        />
      </section>

      <CandidateDetailModal
        candidate={detailOf}
        onClose={() => setDetailOf(null)}
        onFailed={onDetailFailed}
        onRequestMatch={(candidate) => {
          setDetailOf(null);
          setRequestFor(candidate);
        }}
      />
      <SaveSearchDialog
        filters={saving}
        positions={positions.data}
        onClose={() => setSaving(null)}
        onSaved={(message) => setNotice({ message, tone: 'success' })}
      />
      <RequestMatchModal
        candidate={requestFor}
        searchPosition={filters.position}
        onClose={() => setRequestFor(null)}
      />
    </div>
  );
}
