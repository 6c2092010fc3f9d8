import { Card, SelectField, TextField } from '@meritmatch/ui';
import { fieldsOf, Notice } from '@meritmatch/web-kit';
import type { EntrySection } from '../../shared/EntrySectionPage';
import { FormActions } from '../../shared/FormActions';
import { useEntryForm } from '../../shared/useEntryForm';
import {
  degreeOptions,
  type EducationEntry,
  educationFormValues,
  educationResolver,
  emptyEducation,
  graduationYearRange,
} from './education-form';

export function EducationForm({ entry, section }: { entry: EducationEntry | null; section: EntrySection }) {
  const { form, onSubmit, cancel } = useEntryForm({
    entry,
    section,
    empty: emptyEducation,
    toValues: educationFormValues,
    resolver: educationResolver,
    firstField: 'institution',
  });
  const field = fieldsOf(form);
  const { isDirty } = form.formState;
  const years = graduationYearRange();

  return (
    <Card title={entry ? 'Edit education' : 'Add education'}>
      <form className="form" onSubmit={onSubmit} onChange={section.formFeedback.clearIfError} noValidate>
        <Notice message={section.formFeedback.message} />
        <div className="grid grid--2">
          <TextField
            label="Institution"
            required
            placeholder="e.g. University of Porto"
            {...field('institution')}
          />
          <SelectField
            label="Degree"
            required
            placeholder="Select a degree"
            options={degreeOptions}
            {...field('degree')}
          />
          <TextField label="Field of study" placeholder="e.g. Computer Science" {...field('fieldOfStudy')} />
          <TextField
            label="Graduation year"
            type="number"
            inputMode="numeric"
            min={years.min}
            max={years.max}
            step={1}
            hint={`${years.min} to ${years.max}; a future year if you are still studying.`}
            {...field('graduationYear')}
          />
          <TextField
            label="GPA"
            type="number"
            inputMode="decimal"
            min={0}
            max={4}
            step={0.01}
            hint="Optional, on a 4.0 scale."
            {...field('gpa')}
          />
        </div>
        <FormActions
          noun="education"
          editing={entry !== null}
          busy={section.saving}
          showCancel={entry !== null || isDirty}
          onCancel={cancel}
        />
      </form>
    </Card>
  );
}
