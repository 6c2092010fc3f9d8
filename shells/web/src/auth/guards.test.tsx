import { renderRoutes, screen, sessionOf } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const location = () => screen.getByTestId('location').textContent;

describe('the route guards', () => {
  it.each(['/job-seeker', '/employer/search', '/admin/users'])(
    'send a signed-out visitor of %s to /login',
    async (path) => {
      renderRoutes(appRoutes, { path });
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(location()).toBe('/login');
    },
  );

  it.each([
    ['job_seeker', '/admin'],
    ['employer', '/job-seeker/skills'],
    ['admin', '/employer'],
  ] as const)('send a %s who opens %s to /', async (userType, path) => {
    renderRoutes(appRoutes, { path, session: sessionOf(userType) });
    expect(await screen.findByRole('heading', { name: /Be judged on your skills/ })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('let a user into their own area', async () => {
    renderRoutes(appRoutes, { path: '/employer/requests', session: sessionOf('employer') });
    expect(await screen.findByTestId('remote-app')).toHaveTextContent('employer area loaded');
    expect(location()).toBe('/employer/requests');
  });

  it.each([
    ['job_seeker', '/login', '/job-seeker'],
    ['employer', '/register', '/employer'],
    ['admin', '/login', '/admin'],
  ] as const)('send a signed-in %s on %s to %s', async (userType, path, home) => {
    renderRoutes(appRoutes, { path, session: sessionOf(userType) });
    expect(await screen.findByTestId('remote-app')).toBeInTheDocument();
    expect(location()).toBe(home);
  });

  it('show the landing page with sign-up links to a visitor, and a page for unknown addresses', async () => {
    const { router } = renderRoutes(appRoutes, { path: '/' });
    expect(await screen.findByRole('list', { name: 'MeritMatch in numbers' })).toHaveTextContent(
      /85%.*99%.*99%.*2K\+/,
    );
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute('href', '/register');
    await router.navigate('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
