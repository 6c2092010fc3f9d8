import { Outlet } from 'react-router-dom';
import { NavBar } from '../layout/NavBar';
import { LoadedVersions } from './LoadedVersions';

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="footer">
        <div className="container row row--between">
          <span>© MeritMatch. Merit first; names only when both sides agree.</span>
          <span>Personal details are never shared with employers.</span>
        </div>
        <LoadedVersions />
      </footer>
    </>
  );
}
