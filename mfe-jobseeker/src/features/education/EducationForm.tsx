import { SelectField, TextField } from '@meritmatch/ui';
import { EntryFormCard } from '../../shared/EntryFormCard';
import { useEntryForm } from '../../shared/useEntryForm';
import type { EntrySection } from '../../shared/useEntrySection';
import { degreeOptions, type EducationEntry, educationForm, graduationYearRange } from './education-form';

export function EducationForm({ entry, section }: { entry: EducationEntry | null; section: EntrySection }) {
  const { field, frame } = useEntryForm(educationForm, entry, section);
  const years = graduationYearRange();

  return (
    <EntryFormCard {...frame}>
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
    </EntryFormCard>
  );
}
