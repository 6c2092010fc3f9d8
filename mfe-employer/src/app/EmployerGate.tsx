import { LoadingState } from '@meritmatch/ui';
import { LoadError } from '@meritmatch/web-kit';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { CreateProfileScreen } from '../features/company-profile/CreateProfileScreen';
import { useCompanyProfileQuery } from '../features/company-profile/company-profile-query';
import { PendingVerificationScreen } from '../features/verification/PendingVerificationScreen';
import { DashboardLayout } from './DashboardLayout';
import { preloadPageOpened } from './pages';

/**
 * The entry sequence (SPEC.md section 2): the profile loads first; no profile gives the
 * creation form, an unverified one the pending screen, a verified one the dashboard.
 */
export function EmployerGate() {
  const query = useCompanyProfileQuery();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page the area opened on, only
  useEffect(() => preloadPageOpened(pathname), []);

  if (query.isPending) {
    return (
      <div className="container employer-page" data-testid="area-employer">
        <LoadingState label="Loading your company profile…" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="container employer-page" data-testid="area-employer">
        <div className="card">
          <LoadError title="Your company profile could not be loaded." query={query} />
        </div>
      </div>
    );
  }
  const profile = query.data;
  if (profile === null) return <CreateProfileScreen />;
  if (!profile.verified) return <PendingVerificationScreen profile={profile} />;
  return <DashboardLayout profile={profile} />;
}
