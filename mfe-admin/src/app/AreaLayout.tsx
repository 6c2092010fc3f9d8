import { LoadingState } from '@meritmatch/ui';
import { AreaMenu } from '@meritmatch/web-kit/area';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { menu } from './menu';
import { preloadPage } from './pages';

/** The admin frame: title, side menu and the current screen. */
export function AreaLayout() {
  return (
    <div className="container admin-area" data-testid="area-admin">
      <div className="area">
        <header className="area__title area__title--full">
          <h1>Admin Dashboard</h1>
        </header>
        <aside className="side-menu">
          <AreaMenu title="Administration" entries={menu} onIntent={preloadPage} />
        </aside>
        <div className="area__main">
          {/* one boundary for every page: a page whose code is still coming keeps the last one on screen (the
              router navigates in a transition), and only a page opened directly shows the spinner */}
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
