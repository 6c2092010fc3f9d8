import type { CompanyProfileFields } from '@meritmatch/contracts';
import { Card, FormMessage } from '@meritmatch/ui';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { CompanyProfileForm } from './CompanyProfileForm';
import { CompanyProfileView } from './CompanyProfileView';
import { profileUpdateFailed } from './company-form';
import { useCompanyProfile, useCompanyProfileSave } from './company-profile-query';

/** /employer: the company profile, read-only, or the same form as on creation to edit it (PUT). */
export function CompanyProfilePage() {
  const profile = useCompanyProfile();
  const save = useCompanyProfileSave();
  // kept here so the server's message stays on screen when the form gives way to the view
  const feedback = useFormMessage();
  const [editing, setEditing] = useState(false);

  const update = async (fields: CompanyProfileFields) => {
    try {
      const answer = await save('PUT', fields, { remember: true });
      feedback.show(answer.message);
      setEditing(false);
    } catch (error) {
      feedback.show(errorMessage(error, profileUpdateFailed));
    }
  };

  if (editing) {
    return (
      <Card title="Edit Company Profile">
        <div className="stack">
          <FormMessage message={feedback.message} />
          <CompanyProfileForm
            profile={profile}
            feedback={feedback}
            onSubmit={update}
            onCancel={() => {
              feedback.clear();
              setEditing(false);
            }}
            submitLabel="Save Changes"
            busyLabel="Saving..."
          />
        </div>
      </Card>
    );
  }

  return (
    <div className="stack">
      <FormMessage message={feedback.message} />
      <CompanyProfileView
        profile={profile}
        onEdit={() => {
          feedback.clear();
          setEditing(true);
        }}
      />
    </div>
  );
}
