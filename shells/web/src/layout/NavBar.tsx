import { Button } from '@meritmatch/ui/feedback';
import { displayNameOf, homeFor, userTypeLabel, useSession } from '@meritmatch/web-session';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useHydrated } from '../app/hydration';
import { preloadPage } from '../app/pages';
import { preloadArea, preloadAreaWhenIdle } from '../federation/preload';
import { PageLink } from './PageLink';

export function NavBar() {
  const { session, signOut } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();

  // any navigation closes the mobile menu
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const logout = () => {
    setMenuOpen(false);
    signOut();
    navigate('/login');
  };
  const close = () => setMenuOpen(false);

  const user = session?.user;
  // a signed-in user's area loads while the page is idle; hovering Dashboard starts it at once
  useEffect(() => {
    if (user) preloadAreaWhenIdle(user.userType);
  }, [user]);
  const entries = user ? (
    <>
      <div className="navbar__user">
        <span className="avatar" aria-hidden="true">
          {user.email.charAt(0)}
        </span>
        <span>
          <span className="navbar__name" data-testid="nav-display-name">
            {displayNameOf(user.email)}
          </span>
          <br />
          <span className="navbar__role" data-testid="nav-user-type">
            {userTypeLabel(user.userType)}
          </span>
        </span>
      </div>
      <Link
        className="btn btn--secondary btn--md"
        to={homeFor(user.userType)}
        onClick={close}
        onPointerEnter={() => preloadArea(user.userType)}
        onFocus={() => preloadArea(user.userType)}
      >
        Dashboard
      </Link>
      <Link className="btn btn--ghost btn--md" to="/account" onClick={close}>
        Account
      </Link>
      <Button
        variant="ghost"
        onClick={logout}
        // logging out opens /login: its code comes on approach, as for the Sign In link
        onPointerEnter={() => preloadPage('/login')}
        onTouchStart={() => preloadPage('/login')}
        onFocus={() => preloadPage('/login')}
      >
        Logout
      </Button>
    </>
  ) : (
    <>
      <PageLink className="btn btn--ghost btn--md" to="/login" onClick={close}>
        Sign In
      </PageLink>
      <PageLink className="btn btn--primary btn--md" to="/register" onClick={close}>
        Get Started
      </PageLink>
    </>
  );

  return (
    <header className="navbar">
      <nav className="container navbar__inner" aria-label="Main">
        <Link to="/" className="brand" onClick={close}>
          <span className="brand__mark" aria-hidden="true">
            MM
          </span>
          MeritMatch
        </Link>
        <div className="navbar__links">{entries}</div>
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          disabled={!hydrated}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? '✕' : '☰'}
        </button>
      </nav>
      <div id="mobile-menu" className="mobile-menu" data-open={menuOpen} hidden={!menuOpen}>
        <div className="mobile-menu__list">{entries}</div>
      </div>
    </header>
  );
}
