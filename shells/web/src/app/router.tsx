import { LoadingState } from '@meritmatch/ui/feedback';
import { Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router-dom';
import { RequireRole, RequireSignedIn, SignedOutOnly } from '../auth/guards';
import { HowMatchingWorks } from '../pages/HowMatchingWorks';
import { Landing } from '../pages/Landing';
import {
  Account,
  ConfirmEmail,
  ForgotPassword,
  Login,
  MyData,
  NotFound,
  Register,
  ResetPassword,
} from './pages';
import RemoteArea from './RemoteArea';
import { RootLayout } from './RootLayout';

const page = (element: React.ReactNode) => <Suspense fallback={<LoadingState />}>{element}</Suspense>;

/** The shell's pages and the three areas, each behind its role guard. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Landing /> },
      // public, prerendered: the factors and weights of the ranking
      { path: 'how-matching-works', element: <HowMatchingWorks /> },
      { path: 'login', element: <SignedOutOnly>{page(<Login />)}</SignedOutOnly> },
      { path: 'register', element: <SignedOutOnly>{page(<Register />)}</SignedOutOnly> },
      { path: 'forgot-password', element: <SignedOutOnly>{page(<ForgotPassword />)}</SignedOutOnly> },
      // links from e-mails: they work whoever is signed in in this browser, and signed out
      { path: 'reset-password', element: page(<ResetPassword />) },
      { path: 'confirm-email', element: page(<ConfirmEmail />) },
      // every role's account settings
      { path: 'account', element: <RequireSignedIn>{page(<Account />)}</RequireSignedIn> },
      // "Download my data" (job seekers and employers)
      { path: 'account/data', element: <RequireSignedIn>{page(<MyData />)}</RequireSignedIn> },
      {
        path: 'job-seeker/*',
        element: <RequireRole allow="job_seeker">{page(<RemoteArea area="jobseeker" />)}</RequireRole>,
      },
      {
        path: 'employer/*',
        element: <RequireRole allow="employer">{page(<RemoteArea area="employer" />)}</RequireRole>,
      },
      {
        path: 'admin/*',
        element: <RequireRole allow="admin">{page(<RemoteArea area="admin" />)}</RequireRole>,
      },
      { path: '*', element: page(<NotFound />) },
    ],
  },
];

/**
 * The shell's routes under the router above them: `BrowserRouter` in the browser, a static
 * router when the public pages are prerendered at build time (scripts/prerender.tsx). The
 * declarative router keeps react-router's data router out of what every page loads.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
