import { completionOf } from '@meritmatch/contracts';
import { LoadingState } from '@meritmatch/ui';
import { LoadError } from '@meritmatch/web-kit';
import { Outlet } from 'react-router-dom';
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
