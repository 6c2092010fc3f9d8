import type { UserType } from '@meritmatch/contracts';
import { homeFor, useSession } from '@meritmatch/web-session';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/** Signed out: to /login. Signed in with another role: to /. */
export function RequireRole({ allow, children }: { allow: UserType; children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (session.user.userType !== allow) return <Navigate to="/" replace />;
  return children;
}

/** Any signed-in user (account settings); signed out: to /login. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** /login and /register: a signed-in user goes to their own area instead. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  if (session) return <Navigate to={homeFor(session.user.userType)} replace />;
  return children;
}
