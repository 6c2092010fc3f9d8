import type { CompanyProfileFields } from '@meritmatch/contracts';
import { Card } from '@meritmatch/ui';
import { OnDemand, onDemand } from '@meritmatch/ui/on-demand';
import { EmailSettings, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { CompanyProfileView } from './CompanyProfileView';
import { profileUpdateFailed } from './company-form';
import { useCompanyProfile, useCompanyProfileSave } from './company-profile-query';

// the form (with react-hook-form) comes when Edit is chosen: most visits only read the profile
const companyProfileForm = onDemand(() => import('./CompanyProfileForm'));

/** /employer: the company profile, read-only, or the same form as on creation to edit it (PUT). */
export function CompanyProfilePage() {
  const profile = useCompanyProfile();
  const save = useCompanyProfileSave({ method: 'PUT', remember: true });
  // kept here so the server's message stays on screen when the form gives way to the view
  const feedback = useFormMessage();
  const [editing, setEditing] = useState(false);

  const update = (fields: CompanyProfileFields) =>
    save.mutate(fields, {
      onSuccess: (answer) => {
        feedback.show(answer.message);
        setEditing(false);
      },
      onError: (error) => feedback.show(errorMessage(error, profileUpdateFailed)),
    });

  if (editing) {
    return (
      <Card title="Edit Company Profile">
        <OnDemand code={companyProfileForm}>
          {({ CompanyProfileForm }) => (
            <CompanyProfileForm
              profile={profile}
              feedback={feedback}
              onSubmit={update}
              busy={save.isPending}
              onCancel={() => {
                feedback.clear();
                setEditing(false);
              }}
            />
          )}
        </OnDemand>
      </Card>
    );
  }

  return (
    <div className="stack">
      <Notice message={feedback.message} />
      <CompanyProfileView
        profile={profile}
        onEdit={() => {
          feedback.clear();
          setEditing(true);
        }}
      />
      <EmailSettings path="/employer/notifications" />
    </div>
  );
}
