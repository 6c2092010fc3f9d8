import type { CompanyProfileFields } from '@meritmatch/contracts';
import { Card } from '@meritmatch/ui';
import { EmailSettings, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { CompanyProfileForm } from './CompanyProfileForm';
import { CompanyProfileView } from './CompanyProfileView';
import { profileUpdateFailed } from './company-form';
import { useCompanyProfile, useCompanyProfileSave } from './company-profile-query';

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
