import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { ConfirmationBannerSlot } from '../confirmation/banner-slot';
import { NavBar } from '../layout/NavBar';

// loaded when asked for, not with `/`
const LoadedVersions = lazy(() => import('./LoadedVersions'));

export function RootLayout() {
  const [about, setAbout] = useState(false);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        <ConfirmationBannerSlot />
        <Outlet />
      </main>
      <footer className="footer">
        <div className="container row row--between">
          <span>© MeritMatch. Merit first; names only when both sides agree.</span>
          <span>
            Personal details are never shared with employers.{' '}
            <Link className="footer__link" to="/how-matching-works">
              How matching works
            </Link>{' '}
            <button
              type="button"
              className="footer__about"
              aria-expanded={about}
              onClick={() => setAbout(!about)}
            >
              About
            </button>
          </span>
        </div>
        {about && (
          <Suspense fallback={null}>
            <LoadedVersions />
          </Suspense>
        )}
      </footer>
    </>
  );
}
