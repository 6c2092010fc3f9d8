import { LoadingState } from '@meritmatch/ui';
import { OnDemand, onDemand } from '@meritmatch/ui/on-demand';
import { LoadError } from '@meritmatch/web-kit';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useCompanyProfileQuery } from '../features/company-profile/company-profile-query';
import { PendingVerificationScreen } from '../features/verification/PendingVerificationScreen';
import { DashboardLayout } from './DashboardLayout';
import { preloadPage } from './pages';

const loadingProfile = (
  <div className="container employer-page" data-testid="area-employer">
    <LoadingState label="Loading your company profile…" />
  </div>
);

// the creation form, once per employer: fetched only for an employer without a profile
const createProfileScreen = onDemand(() => import('../features/company-profile/CreateProfileScreen'));

/**
 * The entry sequence (SPEC.md section 2): the profile loads first; no profile gives the
 * creation form, an unverified one the pending screen, a verified one the dashboard.
 */
export function EmployerGate() {
  const query = useCompanyProfileQuery();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page the area opened on, only
  useEffect(() => preloadPage(pathname), []);

  if (query.isPending) return loadingProfile;
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
  if (profile === null)
    return (
      <OnDemand code={createProfileScreen} waiting={loadingProfile}>
        {({ CreateProfileScreen }) => <CreateProfileScreen />}
      </OnDemand>
    );
  if (!profile.verified) return <PendingVerificationScreen profile={profile} />;
  return <DashboardLayout profile={profile} />;
}
