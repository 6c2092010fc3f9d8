import { whenIdle } from '@meritmatch/web-kit/idle';
import { lazy } from 'react';

// Search, the saved searches, the positions and the requests list load apart from the area's entry, which stays small;
// a tab keeps asking this build's chunks for them (kept through a redeploy by the server).
const loadSearch = () => import('../features/search/SearchPage').then((m) => ({ default: m.SearchPage }));
const loadSavedSearches = () =>
  import('../features/saved-searches/SavedSearchesPage').then((m) => ({ default: m.SavedSearchesPage }));
const loadPositions = () =>
  import('../features/positions/PositionsPage').then((m) => ({ default: m.PositionsPage }));
const loadRequests = () =>
  import('../features/requests/RequestsPage').then((m) => ({ default: m.RequestsPage }));

export const SearchPage = lazy(loadSearch);
export const SavedSearchesPage = lazy(loadSavedSearches);
export const PositionsPage = lazy(loadPositions);
export const RequestsPage = lazy(loadRequests);

/**
 * Loads the pages' code once the dashboard has shown and the browser is idle. A page whose
 * code has run shows on the click; one that has not waits for React's reveal of its Suspense
 * boundary, no sooner than 300 ms after the spinner showed (React 19's throttle of retries),
 * for chunks that come in tens of milliseconds. A failure is left to the visit, which loads
 * again and shows its own error.
 */
export function preloadPagesWhenIdle() {
  whenIdle(() => {
    loadSearch().catch(() => undefined);
    loadSavedSearches().catch(() => undefined);
    loadPositions().catch(() => undefined);
    loadRequests().catch(() => undefined);
  });
}

const loaderOfPage: Record<string, () => Promise<unknown>> = {
  search: loadSearch,
  'saved-searches': loadSavedSearches,
  positions: loadPositions,
  requests: loadRequests,
};

/**
 * A page opened directly (`/employer/search`): its code comes beside the company profile, which
 * the area waits for before it shows any page, instead of after it.
 */
export function preloadPageOpened(pathname: string) {
  const page = pathname.split('/').filter(Boolean)[1];
  loaderOfPage[page ?? '']?.().catch(() => undefined);
}
