import { Card, TextField } from '@meritmatch/ui';
import { fieldsOf, Notice } from '@meritmatch/web-kit';
import type { EntrySection } from '../../shared/EntrySectionPage';
import { FormActions } from '../../shared/FormActions';
import { useEntryForm } from '../../shared/useEntryForm';
import {
  type CertificationEntry,
  certificationFormValues,
  certificationResolver,
  emptyCertification,
} from './certification-form';

export function CertificationForm({
  entry,
  section,
}: {
  entry: CertificationEntry | null;
  section: EntrySection;
}) {
  const { form, onSubmit, cancel } = useEntryForm({
    entry,
    section,
    empty: emptyCertification,
    toValues: certificationFormValues,
    resolver: certificationResolver,
    firstField: 'name',
  });
  const field = fieldsOf(form);
  const { isDirty } = form.formState;

  return (
    <Card title={entry ? 'Edit certification' : 'Add certification'}>
      <form className="form" onSubmit={onSubmit} onChange={section.formFeedback.clearIfError} noValidate>
        <Notice message={section.formFeedback.message} />
        <div className="grid grid--2">
          <TextField
            label="Certification name"
            required
            placeholder="e.g. AWS Certified Cloud Practitioner"
            {...field('name')}
          />
          <TextField label="Issuer" required placeholder="e.g. Amazon Web Services" {...field('issuer')} />
          <TextField label="Issue date" type="date" required {...field('issueDate')} />
          <TextField
            label="Expiry date"
            type="date"
            hint="Leave empty if it does not expire."
            {...field('expiryDate')}
          />
          <TextField label="Credential ID" {...field('credentialId')} />
          <TextField
            label="Credential URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            {...field('credentialUrl')}
          />
        </div>
        <TextField
          label="Related skills"
          hint="Optional. Separate skills with commas."
          {...field('skills')}
        />
        <FormActions
          noun="certification"
          editing={entry !== null}
          busy={section.saving}
          showCancel={entry !== null || isDirty}
          onCancel={cancel}
        />
      </form>
    </Card>
  );
}
