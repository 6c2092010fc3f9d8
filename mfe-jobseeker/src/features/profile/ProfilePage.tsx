import { Card } from '@meritmatch/ui';
import { OnDemand, onDemand } from '@meritmatch/ui/on-demand';
import { EmailSettings, Notice } from '@meritmatch/web-kit';
import { useFormMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { useProfile } from '../../profile/profile-query';
import { AccessLogSection } from '../access-log/AccessLogSection';
import { ProfileView } from './ProfileView';

// the form (with react-hook-form) comes when it is wanted: most visits only read the profile
const profileForm = onDemand(() => import('./ProfileForm'));

/** /job-seeker: the anonymous profile view, or the creation form when there is no profile yet. */
export function ProfilePage() {
  const profile = useProfile();
  // kept here so 'Profile created successfully!' stays on screen when the form gives way to the view
  const feedback = useFormMessage();
  const [editing, setEditing] = useState(false);

  if (!profile) {
    return (
      <div className="stack">
        <Card title="Create your profile">
          <p className="muted">
            Start with the basics. Employers never see your name, e-mail or phone: they find you by an
            anonymous code and your skills.
          </p>
          <div className="stack">
            <Notice message={feedback.message} />
            <OnDemand code={profileForm}>
              {({ ProfileForm }) => <ProfileForm profile={null} feedback={feedback} />}
            </OnDemand>
          </div>
        </Card>
      </div>
    );
  }

  if (editing) {
    return (
      <div className="stack">
        <Card title="Edit personal details">
          <div className="stack">
            <Notice message={feedback.message} />
            <OnDemand code={profileForm}>
              {({ ProfileForm }) => (
                <ProfileForm
                  profile={profile}
                  feedback={feedback}
                  onSaved={() => setEditing(false)}
                  onCancel={() => {
                    feedback.clear();
                    setEditing(false);
                  }}
                />
              )}
            </OnDemand>
          </div>
        </Card>
      </div>
    );
  }

  return (
    <div className="stack">
      <Notice message={feedback.message} />
      <ProfileView
        profile={profile}
        onEdit={() => {
          feedback.clear();
          setEditing(true);
        }}
      />
      <EmailSettings path="/job-seeker/notifications" />
      <AccessLogSection />
    </div>
  );
}
