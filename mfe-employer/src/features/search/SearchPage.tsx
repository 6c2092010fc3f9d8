import type { CandidateSummary } from '@meritmatch/contracts';
import { Card } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CandidateDetailModal } from '../candidate-detail/CandidateDetailModal';
import { RequestMatchModal } from '../match-request/RequestMatchModal';
import { useCandidateSearch } from './candidate-search-query';
import { SearchFiltersForm } from './SearchFiltersForm';
import { SearchResults } from './SearchResults';
import { type FilterValues, filtersToParams, filterValuesOf, readFilters } from './search-filters';

/** /employer/search: the filters (kept in the URL), the candidate cards and their two dialogs. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = useCandidateSearch(filters);
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
        <SearchFiltersForm filters={filterValuesOf(filters)} searching={query.isFetching} onSearch={search} />
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
      <RequestMatchModal candidate={requestFor} onClose={() => setRequestFor(null)} />
    </div>
  );
}
