import { EmptyState } from '@meritmatch/ui';
import { Link, Outlet } from 'react-router-dom';
import { useProfile } from '../profile/profile-query';

/** The list sections need a profile to attach entries to: without one, point to its creation. */
export function RequireProfile() {
  const profile = useProfile();
  if (profile) return <Outlet />;
  return (
    <div className="card">
      <EmptyState
        title="Create your profile first"
        description="Add your personal basics; then you can build up your experience, education, skills and certifications."
        action={
          <Link className="btn btn--primary btn--md" to="/job-seeker">
            Create your profile
          </Link>
        }
      />
    </div>
  );
}
