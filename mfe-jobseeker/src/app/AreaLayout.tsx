import { completionOf } from '@meritmatch/contracts';
import { LoadingState } from '@meritmatch/ui';
import { LoadError } from '@meritmatch/web-kit';
import { useApi } from '@meritmatch/web-session';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { prefetchInterest } from '../features/interest/interest-query';
import { useProfileQuery } from '../profile/profile-query';
import { CompletionMeter, CompletionMeterSpace } from './CompletionMeter';
import { preloadPage } from './pages';
import { SideMenu } from './SideMenu';

/**
 * The dashboard frame: title, the Profile Builder menu with its completion meter, and
 * the current section. Sections render only once the profile has loaded (or is known
 * not to exist yet).
 */
export function AreaLayout() {
  const query = useProfileQuery();
  usePrefetchOfPageOpened();
  const completion = completionOf(query.data ?? null);
  return (
    <div className="container" data-testid="area-jobseeker">
      <div className="area">
        <header className="area__title area__title--full">
          <h1>Job Seeker Dashboard</h1>
        </header>
        <aside className="side-menu">
          <SideMenu done={completion.sections} />
          {query.data === undefined ? <CompletionMeterSpace /> : <CompletionMeter completion={completion} />}
        </aside>
        <div className="area__main">
          {query.isPending ? (
            <div className="card">
              <LoadingState label="Loading your profile…" />
            </div>
          ) : query.isError ? (
            <div className="card">
              <LoadError title="Your profile could not be loaded." query={query} />
            </div>
          ) : (
            // one boundary for every page: a page whose code is still coming keeps the last one on screen (the
            // router navigates in a transition), and only a page opened directly shows the spinner
            <Suspense
              fallback={
                <div className="card">
                  <LoadingState />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}

/** The page the area opened on starts its code and its own reads with the profile's (once, on arrival). */
function usePrefetchOfPageOpened() {
  const queryClient = useQueryClient();
  const api = useApi();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page the area opened on, only
  useEffect(() => {
    preloadPage(pathname);
    if (pathname.replace(/\/$/, '').endsWith('/interest')) prefetchInterest(queryClient, api);
  }, []);
}
