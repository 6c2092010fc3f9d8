import type { CandidateSummary } from '@meritmatch/contracts';
import { Card } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CandidateDetailModal } from '../candidate-detail/CandidateDetailModal';
import { RequestMatchModal } from '../match-request/RequestMatchModal';
import { usePositionsQuery } from '../positions/positions-query';
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

/** /employer/search: the filters (kept in the URL), the candidate cards and their two dialogs. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { positions, waiting } = usePositionFill(filters, setParams);
  const query = useCandidateSearch(filters, !waiting);
  const [pageAlert, setPageAlert] = useState('');
  const [detailOf, setDetailOf] = useState<CandidateSummary | null>(null);
  const [requestFor, setRequestFor] = useState<CandidateSummary | null>(null);

  const search = (values: FilterValues) => {
    setPageAlert('');
    setParams(filtersToParams({ ...values, page: 1 }));
  };
  const goToPage = (page: number) => {
    setParams(filtersToParams({ ...filters, page }));
    document.getElementById('employer-results')?.scrollIntoView({ block: 'start' });
  };
  const onDetailFailed = useCallback((message: string) => setPageAlert(message), []);

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
          searching={query.isFetching}
          onSearch={search}
        />
      </Card>

      <Notice tone="error" message={pageAlert} onDismiss={() => setPageAlert('')} />

      <section id="employer-results" aria-labelledby="employer-results-title" aria-busy={query.isFetching}>
        <h2 id="employer-results-title" className="visually-hidden">
          Results
        </h2>
        <SearchResults
          query={query}
          page={filters.page}
          onPage={goToPage}
          onViewDetails={(candidate) => {
            setPageAlert('');
            setDetailOf(candidate);
          }}
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
      <RequestMatchModal
        candidate={requestFor}
        searchPosition={filters.position}
        onClose={() => setRequestFor(null)}
      />
    </div>
  );
}
