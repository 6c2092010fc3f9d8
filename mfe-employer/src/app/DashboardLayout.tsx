import type { CompanyProfile } from '@meritmatch/contracts';
import { Badge, LoadingState } from '@meritmatch/ui';
import { AreaMenu } from '@meritmatch/web-kit/area';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { CheckIcon } from '../shared/icons';
import { menuEntries } from './menu';
import { preloadPage, preloadPagesWhenIdle } from './pages';

/** The verified employer's frame: title, badge, side menu and the current page. */
export function DashboardLayout({ profile }: { profile: CompanyProfile }) {
  // search, the saved searches, the positions and the requests list are where a verified employer goes next
  useEffect(preloadPagesWhenIdle, []);
  return (
    <div className="container" data-testid="area-employer">
      <div className="area">
        <header className="area__title employer-area-title">
          <h1>Employer Dashboard</h1>
          <Badge tone="success">
            <CheckIcon />
            Verified Account
          </Badge>
          <span className="muted employer-area-title__company break">{profile.company_name}</span>
        </header>
        <aside className="side-menu">
          <AreaMenu title="Employer menu" entries={menuEntries} onIntent={preloadPage} />
        </aside>
        <div className="employer-main">
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
