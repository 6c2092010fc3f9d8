import { AreaMenu } from '@meritmatch/web-kit/area';
import { Outlet } from 'react-router-dom';
import { menu } from './menu';

/** The admin frame: title, side menu and the current screen. */
export function AreaLayout() {
  return (
    <div className="container admin-area" data-testid="area-admin">
      <div className="area">
        <header className="area__title area__title--full">
          <h1>Admin Dashboard</h1>
        </header>
        <aside className="side-menu">
          <AreaMenu title="Administration" entries={menu} />
        </aside>
        <div className="area__main">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
