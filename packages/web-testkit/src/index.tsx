import '@testing-library/jest-dom/vitest';
import type { UserType } from '@meritmatch/contracts';
import {
  createWebPlatform,
  type Session,
  type WebPlatform,
  WebPlatformProvider,
} from '@meritmatch/web-session';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import {
  createMemoryRouter,
  MemoryRouter,
  Outlet,
  Route,
  type RouteObject,
  RouterProvider,
  Routes,
  useLocation,
} from 'react-router-dom';
import { apiBaseUrl } from './api';

export { screen, waitFor, within } from '@testing-library/react';
export { answer, answerFile, apiBaseUrl, type Call, failure, gate, server } from './api';

const ids: Record<UserType, string> = {
  job_seeker: '0f8c2b9e-1d4a-4c1e-9a55-3f0b7a1e2c3d',
  employer: '6b1f0c3e-8d2a-4f5b-9c7e-1a2b3c4d5e6f',
  admin: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
};

/** A signed-in session as the shell keeps it, e.g. `sessionOf('employer')`. */
export const sessionOf = (
  userType: UserType,
  email = `${userType.replace('_', '.')}@example.com`,
): Session => ({
  token: 'header.payload.signature',
  user: { id: ids[userType], email, userType },
});

/** The real session store and API client, on happy-dom's local storage, against the fake API. */
function platformFor(session: Session | null, onUnauthorized: () => void): WebPlatform {
  const platform = createWebPlatform({ apiBaseUrl, onUnauthorized });
  if (session) platform.session.set(session);
  return platform;
}

/** Shows where the app navigated to: `screen.getByTestId('location')`. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function LocationProbeLayout() {
  return (
    <>
      <Outlet />
      <LocationProbe />
    </>
  );
}

function start(platform: WebPlatform, tree: ReactNode) {
  const user = userEvent.setup();
  const view = render(<WebPlatformProvider value={platform}>{tree}</WebPlatformProvider>);
  return { user, platform, ...view };
}

/** Renders one component on its own (no platform, no router), with a user-event session. */
export function renderComponent(tree: ReactNode) {
  return { user: userEvent.setup(), ...render(tree) };
}

/**
 * Renders a remote's exposed App the way the shell mounts it (`/admin/*`), signed in,
 * at `path`. Anything outside the area shows as the location only.
 */
export function renderArea(
  App: ComponentType,
  { mount, path = mount, session }: { mount: string; path?: string; session: Session },
) {
  return start(
    platformFor(session, () => undefined),
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={`${mount}/*`} element={<App />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** Renders the shell's routes at `path`; a 401 from any call goes to /login, as in the shell. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', session = null }: { path?: string; session?: Session | null },
) {
  const router = createMemoryRouter([{ element: <LocationProbeLayout />, children: routes }], {
    initialEntries: [path],
  });
  const platform = platformFor(session, () => void router.navigate('/login', { replace: true }));
  return { router, ...start(platform, <RouterProvider router={router} />) };
}
