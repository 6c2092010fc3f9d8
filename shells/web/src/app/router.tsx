import { LoadingState } from '@meritmatch/ui';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireRole, SignedOutOnly } from '../auth/guards';
import { Landing } from '../pages/Landing';
import { NotFound } from '../pages/NotFound';
import { RemoteArea } from './RemoteArea';
import { RootLayout } from './RootLayout';

// Forms and their schemas load with the page that needs them, keeping `/` small.
const Login = lazy(() => import('../pages/Login'));
const Register = lazy(() => import('../pages/Register'));

const page = (element: React.ReactNode) => <Suspense fallback={<LoadingState />}>{element}</Suspense>;

/** The shell's pages and the three areas, each behind its role guard. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Landing /> },
      { path: 'login', element: <SignedOutOnly>{page(<Login />)}</SignedOutOnly> },
      { path: 'register', element: <SignedOutOnly>{page(<Register />)}</SignedOutOnly> },
      {
        path: 'job-seeker/*',
        element: (
          <RequireRole allow="job_seeker">
            <RemoteArea area="jobseeker" />
          </RequireRole>
        ),
      },
      {
        path: 'employer/*',
        element: (
          <RequireRole allow="employer">
            <RemoteArea area="employer" />
          </RequireRole>
        ),
      },
      {
        path: 'admin/*',
        element: (
          <RequireRole allow="admin">
            <RemoteArea area="admin" />
          </RequireRole>
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
