import { freshGraduateText } from '@meritmatch/contracts';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@meritmatch/ui';
import { useWatch } from 'react-hook-form';
import { EntryFormCard } from '../../shared/EntryFormCard';
import { useEntryForm } from '../../shared/useEntryForm';
import type { EntrySection } from '../../shared/useEntrySection';
import { type ExperienceEntry, experienceForm, experienceTypeOptions } from './experience-form';

/**
 * Adds an experience, or edits `entry`. Choosing 'Fresh Graduate' hides the form and
 * reassures instead; 'I currently work here' disables the end date.
 */
export function ExperienceForm({ entry, section }: { entry: ExperienceEntry | null; section: EntrySection }) {
  const { form, field, frame } = useEntryForm(experienceForm, entry, section);
  const { register, setValue, control } = form;
  const experienceType = useWatch({ control, name: 'experienceType' });
  const isCurrent = useWatch({ control, name: 'isCurrent' });
  const freshGraduate = experienceType === 'none';

  return (
    // nothing to add for a fresh graduate; an entry being edited can still be saved
    <EntryFormCard {...frame} actions={!freshGraduate || frame.editing}>
      <SelectField label="Experience type" options={experienceTypeOptions} {...field('experienceType')} />
      {freshGraduate ? (
        <div className="notice notice--success" data-testid="fresh-graduate">
          {freshGraduateText}
        </div>
      ) : (
        <>
          <div className="grid grid--2">
            <TextField label="Company name" autoComplete="organization" required {...field('companyName')} />
            <TextField label="Position" autoComplete="organization-title" required {...field('position')} />
            <TextField label="Start date" type="date" required {...field('startDate')} />
            <TextField
              label="End date"
              type="date"
              hint={isCurrent ? 'Not needed while you work here.' : 'Leave empty if unknown.'}
              {...field('endDate')}
              // the element's own attribute, not register's `disabled`: react-hook-form leaves a
              // field disabled that way out of the payload, and the API is to receive endDate: null
              disabled={isCurrent}
            />
          </div>
          <CheckboxField
            label="I currently work here"
            {...register('isCurrent', {
              onChange: (event: { target: { checked: boolean } }) => {
                if (event.target.checked) setValue('endDate', '');
              },
            })}
          />
          <TextAreaField
            label="Description"
            rows={4}
            placeholder="What did you do, build or improve?"
            {...field('description')}
          />
          <TextField
            label="Skills used"
            hint="Separate skills with commas, e.g. React, SQL, Teamwork."
            {...field('skills')}
          />
        </>
      )}
    </EntryFormCard>
  );
}
