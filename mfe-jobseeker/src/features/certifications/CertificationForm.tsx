import { Card, FormMessage, TextField } from '@meritmatch/ui';
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
  const {
    form: {
      register,
      formState: { errors, isSubmitting, isDirty },
    },
    onSubmit,
    cancel,
  } = useEntryForm({
    entry,
    section,
    empty: emptyCertification,
    toValues: certificationFormValues,
    resolver: certificationResolver,
    firstField: 'name',
  });

  return (
    <Card title={entry ? 'Edit certification' : 'Add certification'}>
      <form className="form" onSubmit={onSubmit} onChange={section.formFeedback.clearIfError} noValidate>
        <FormMessage message={section.formFeedback.message} />
        <div className="grid grid--2">
          <TextField
            label="Certification name"
            required
            placeholder="e.g. AWS Certified Cloud Practitioner"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Issuer"
            required
            placeholder="e.g. Amazon Web Services"
            error={errors.issuer?.message}
            {...register('issuer')}
          />
          <TextField
            label="Issue date"
            type="date"
            required
            error={errors.issueDate?.message}
            {...register('issueDate')}
          />
          <TextField
            label="Expiry date"
            type="date"
            hint="Leave empty if it does not expire."
            error={errors.expiryDate?.message}
            {...register('expiryDate')}
          />
          <TextField
            label="Credential ID"
            error={errors.credentialId?.message}
            {...register('credentialId')}
          />
          <TextField
            label="Credential URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            error={errors.credentialUrl?.message}
            {...register('credentialUrl')}
          />
        </div>
        <TextField
          label="Related skills"
          hint="Optional. Separate skills with commas."
          error={errors.skills?.message}
          {...register('skills')}
        />
        <FormActions
          noun="certification"
          editing={entry !== null}
          busy={isSubmitting}
          showCancel={entry !== null || isDirty}
          onCancel={cancel}
        />
      </form>
    </Card>
  );
}
