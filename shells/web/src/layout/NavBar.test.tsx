import { useApi } from '@meritmatch/web-session';
import { answer, failure, renderRoutes, screen, sessionOf, waitFor, within } from '@meritmatch/web-testkit';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { remotes } from '../test/fake-federation';
import { freshAreas } from '../test/fresh-areas';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const main = () => within(screen.getByRole('navigation', { name: 'Main' }));
const mobileMenu = () => document.getElementById('mobile-menu') as HTMLElement;

/** An area that asks for something with a token the server no longer takes. */
function CallingArea() {
  const api = useApi();
  useEffect(() => void api('/job-seeker/profile').catch(() => undefined), [api]);
  return <p>calling</p>;
}

describe('the navigation bar', () => {
  beforeEach(freshAreas);

  it('offers Sign In and Get Started to a visitor', async () => {
    renderRoutes(appRoutes, { path: '/' });
    expect(await main().findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(main().getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(main().getByRole('link', { name: /MeritMatch/ })).toHaveAttribute('href', '/');
  });

  it("shows a signed-in user's initial, name and type, and the Dashboard of their role", async () => {
    renderRoutes(appRoutes, { path: '/', session: sessionOf('job_seeker', 'clara.schmidt@example.com') });
    expect(await main().findByTestId('nav-display-name')).toHaveTextContent('clara.schmidt');
    expect(main().getByTestId('nav-user-type')).toHaveTextContent(/^job seeker$/);
    expect(main().getByText('c')).toHaveClass('avatar');
    expect(main().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/job-seeker');
    expect(main().queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('logs out: the session ends on the server, the stored one is gone and /login opens', async () => {
    const logouts = answer('post', '/auth/logout', {});
    const { user } = renderRoutes(appRoutes, { path: '/employer', session: sessionOf('employer') });
    await user.click(await main().findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(main().getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(logouts).toHaveLength(1));
  });

  it('opens the mobile menu with the same entries; a link or Logout closes it', async () => {
    answer('post', '/auth/logout', {});
    const { user } = renderRoutes(appRoutes, { path: '/', session: sessionOf('admin') });
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(mobileMenu()).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    await user.click(within(mobileMenu()).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByTestId('remote-app')).toHaveTextContent('admin area loaded');
    expect(mobileMenu()).not.toBeVisible();
    await user.click(toggle);
    await user.click(within(mobileMenu()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(mobileMenu()).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('signs a user out when any call answers 401', async () => {
    remotes.serve('mfe_jobseeker', CallingArea);
    answer('get', '/job-seeker/profile', failure('Token expired', 'UNAUTHENTICATED'), { status: 401 });
    renderRoutes(appRoutes, { path: '/job-seeker', session: sessionOf('job_seeker') });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(main().getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });
});
