import { type CompanyProfileFields, employerMessages, reloadAfterProfileMs } from '@meritmatch/contracts';
import { Card } from '@meritmatch/ui';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useEffect } from 'react';
import { CompanyProfileForm } from './CompanyProfileForm';
import { useCompanyProfileSave } from './company-profile-query';

/**
 * First visit, no company profile yet: a welcome and the creation form. After a
 * successful save the message shows, then the page reloads into the pending screen.
 */
export function CreateProfileScreen() {
  // not cached: the message stays on screen until the reload
  const save = useCompanyProfileSave({ method: 'POST', remember: false });
  const feedback = useFormMessage();
  const created = save.isSuccess;

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => window.location.reload(), reloadAfterProfileMs);
    return () => window.clearTimeout(timer);
  }, [created]);

  const create = (fields: CompanyProfileFields) =>
    save.mutate(fields, {
      onSuccess: (answer) => feedback.show(answer.message),
      onError: (error) => feedback.show(errorMessage(error, employerMessages.profileFailed)),
    });

  return (
    <div className="container employer-page employer-entry" data-testid="area-employer">
      <header className="employer-welcome">
        <h1>Welcome to MeritMatch for Employers</h1>
        <p className="employer-welcome__lead">
          Hire on merit. Tell us about your company: once our team has verified it, you can search anonymous
          candidates by skills, location, experience and education, and ask us to introduce you.
        </p>
      </header>
      <Card title="Create Company Profile" className="employer-entry__card">
        <CompanyProfileForm
          profile={null}
          feedback={feedback}
          onSubmit={create}
          busy={save.isPending}
          locked={created}
        />
      </Card>
    </div>
  );
}
