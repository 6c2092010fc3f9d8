import { Card, FormMessage, SelectField, TextField } from '@meritmatch/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../shared/FormActions';
import type { useEntrySection } from '../../shared/useEntrySection';
import {
  degreeOptions,
  type EducationEntry,
  educationFormValues,
  educationResolver,
  emptyEducation,
  graduationYearRange,
} from './education-form';

type Section = ReturnType<typeof useEntrySection>;

export function EducationForm({ entry, section }: { entry: EducationEntry | null; section: Section }) {
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: educationResolver,
    defaultValues: entry ? educationFormValues(entry) : emptyEducation,
  });
  const years = graduationYearRange();

  const entryId = entry?.id;
  useEffect(() => {
    if (entryId) setFocus('institution');
  }, [entryId, setFocus]);

  const onSubmit = handleSubmit(async (payload) => {
    if (await section.save(payload)) reset(emptyEducation);
  });
  const cancel = () => {
    section.formFeedback.clear();
    section.stopEdit();
    reset(emptyEducation);
  };

  return (
    <Card title={entry ? 'Edit education' : 'Add education'}>
      <form className="form" onSubmit={onSubmit} onChange={section.formFeedback.clearIfError} noValidate>
        <FormMessage message={section.formFeedback.message} />
        <div className="grid grid--2">
          <TextField
            label="Institution"
            required
            placeholder="e.g. University of Porto"
            error={errors.institution?.message}
            {...register('institution')}
          />
          <SelectField
            label="Degree"
            required
            placeholder="Select a degree"
            options={degreeOptions}
            error={errors.degree?.message}
            {...register('degree')}
          />
          <TextField
            label="Field of study"
            placeholder="e.g. Computer Science"
            error={errors.fieldOfStudy?.message}
            {...register('fieldOfStudy')}
          />
          <TextField
            label="Graduation year"
            type="number"
            inputMode="numeric"
            min={years.min}
            max={years.max}
            step={1}
            hint={`${years.min} to ${years.max}; a future year if you are still studying.`}
            error={errors.graduationYear?.message}
            {...register('graduationYear')}
          />
          <TextField
            label="GPA"
            type="number"
            inputMode="decimal"
            min={0}
            max={4}
            step={0.01}
            hint="Optional, on a 4.0 scale."
            error={errors.gpa?.message}
            {...register('gpa')}
          />
        </div>
        <FormActions
          noun="education"
          editing={entry !== null}
          busy={isSubmitting}
          showCancel={entry !== null || isDirty}
          onCancel={cancel}
        />
      </form>
    </Card>
  );
}
