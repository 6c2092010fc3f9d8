import { whenIdle } from '@meritmatch/web-kit/idle';
import { lazy } from 'react';

// Search, the saved searches, the positions and the requests list load apart from the area's entry, which stays small:
// once the dashboard has shown and the browser is idle, or sooner when their menu entry is pointed at or focused, or
// beside the company profile for the page the area opened on. A tab keeps asking this build's chunks for them (kept
// through a redeploy by the server).
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
 * Loads the pages' code once the dashboard has shown and the browser is idle: they are where a
 * verified employer goes next, and a page whose code is there shows on the click. A failure is
 * left to the visit, which loads again and shows its own error.
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
 * Starts loading the page at `path` (`/employer/search`). Opened directly, its code comes beside
 * the company profile, which the area waits for before it shows any page, instead of after it.
 */
export function preloadPage(path: string) {
  const page = path.split('/').filter(Boolean)[1];
  loaderOfPage[page ?? '']?.().catch(() => undefined);
}
