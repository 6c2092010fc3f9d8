import { Card, FormMessage, TextField } from '@meritmatch/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../shared/FormActions';
import type { useEntrySection } from '../../shared/useEntrySection';
import {
  type CertificationEntry,
  certificationFormValues,
  certificationResolver,
  emptyCertification,
} from './certification-form';

type Section = ReturnType<typeof useEntrySection>;

export function CertificationForm({
  entry,
  section,
}: {
  entry: CertificationEntry | null;
  section: Section;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: certificationResolver,
    defaultValues: entry ? certificationFormValues(entry) : emptyCertification,
  });

  const entryId = entry?.id;
  useEffect(() => {
    if (entryId) setFocus('name');
  }, [entryId, setFocus]);

  const onSubmit = handleSubmit(async (payload) => {
    if (await section.save(payload)) reset(emptyCertification);
  });
  const cancel = () => {
    section.formFeedback.clear();
    section.stopEdit();
    reset(emptyCertification);
  };

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
