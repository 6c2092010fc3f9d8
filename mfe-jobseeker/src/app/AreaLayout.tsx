import { completionOf } from '@meritmatch/contracts';
import { LoadingState } from '@meritmatch/ui';
import { LoadError } from '@meritmatch/web-kit';
import { useApi } from '@meritmatch/web-session';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { prefetchInterest } from '../features/interest/interest-query';
import { useProfileQuery } from '../profile/profile-query';
import { CompletionMeter, CompletionMeterSpace } from './CompletionMeter';
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
            <Outlet />
          )}
        </div>
      </div>
    </div>
  );
}

/** The page the area opened on starts its own reads with the profile's (once, on arrival). */
function usePrefetchOfPageOpened() {
  const queryClient = useQueryClient();
  const api = useApi();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page the area opened on, only
  useEffect(() => {
    if (pathname.replace(/\/$/, '').endsWith('/interest')) prefetchInterest(queryClient, api);
  }, []);
}
