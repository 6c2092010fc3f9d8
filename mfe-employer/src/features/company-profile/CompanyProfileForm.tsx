import { type CompanyProfile, type CompanyProfileFields, websiteHint } from '@meritmatch/contracts';
import { FormActions, SelectField, TextAreaField, TextField } from '@meritmatch/ui';
import { fieldsOf, Notice } from '@meritmatch/web-kit';
import type { FormMessage } from '@meritmatch/web-session';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  type CompanyFormValues,
  companyFormValues,
  companyResolver,
  companySizeOptions,
  emptyCompanyForm,
  industryOptions,
} from './company-form';

/**
 * The company profile fields and the message about saving them. Creating (no `profile`:
 * 'Create Profile') and editing ('Save Changes') share it; the parent decides what saving
 * means (`busy` while it runs) and reports through `feedback`. `locked` keeps the form
 * disabled after a save that is followed by a page reload.
 */
export function CompanyProfileForm({
  profile,
  feedback,
  onSubmit,
  busy,
  onCancel,
  locked = false,
}: {
  profile: CompanyProfile | null;
  feedback: FormMessage;
  onSubmit: (fields: CompanyProfileFields) => void;
  busy: boolean;
  onCancel?: () => void;
  locked?: boolean;
}) {
  const form = useForm<CompanyFormValues, unknown, CompanyProfileFields>({
    resolver: companyResolver,
    defaultValues: profile ? companyFormValues(profile) : emptyCompanyForm,
  });

  const { handleSubmit, setFocus } = form;
  const field = fieldsOf(form);
  // editing replaces the read-only view and its button: start the user in the first field
  const editing = profile !== null;
  useEffect(() => {
    if (editing) setFocus('companyName');
  }, [editing, setFocus]);

  const submit = handleSubmit((fields) => {
    feedback.clear();
    onSubmit(fields);
  });

  return (
    <form className="form" onSubmit={submit} onChange={feedback.clearIfError} noValidate>
      <Notice message={feedback.message} />
      <fieldset className="employer-fieldset" disabled={locked}>
        <TextField
          label="Company Name"
          autoComplete="organization"
          required
          maxLength={160}
          {...field('companyName')}
        />
        <div className="grid grid--2">
          <SelectField
            label="Industry"
            placeholder="Select an industry"
            options={industryOptions}
            required
            {...field('industry')}
          />
          <SelectField
            label="Company Size"
            placeholder="Select a company size"
            options={companySizeOptions}
            required
            {...field('companySize')}
          />
        </div>
        <TextField
          label="Website (optional)"
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="www.example.com"
          hint={websiteHint}
          maxLength={300}
          {...field('website')}
        />
        <TextAreaField
          label="Company Description"
          required
          rows={5}
          maxLength={3000}
          placeholder="What your company does, its culture and the roles you hire for"
          {...field('description')}
        />
      </fieldset>
      <FormActions busy={busy} disabled={locked} onCancel={onCancel}>
        {editing ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Creating Profile...' : 'Create Profile'}
      </FormActions>
    </form>
  );
}
