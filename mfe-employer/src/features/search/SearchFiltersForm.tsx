import { Button, SelectField, TextField } from '@meritmatch/ui';
import { useForm } from 'react-hook-form';
import {
  educationOptions,
  experienceOptions,
  type FilterValues,
  hasAnyFilter,
  noFilters,
} from './search-filters';

/**
 * The filter form. It shows the filters of the URL (so back and reload restore them) and
 * hands new ones to `onSearch`, which puts them into the URL.
 */
export function SearchFiltersForm({
  filters,
  searching,
  onSearch,
}: {
  filters: FilterValues;
  searching: boolean;
  onSearch: (filters: FilterValues) => void;
}) {
  const { register, handleSubmit, reset } = useForm<FilterValues>({ values: filters });
  const submit = handleSubmit((values) => onSearch(values));
  return (
    <search aria-label="Candidate filters">
      <form className="form" onSubmit={submit} noValidate>
        <div className="employer-filters">
          <TextField
            label="Skills"
            placeholder="e.g. React, Node.js"
            hint="Separate skills with commas; candidates must have all of them."
            maxLength={300}
            {...register('skills')}
          />
          <TextField
            label="Nice to have"
            placeholder="e.g. TypeScript, GraphQL"
            hint="Separate skills with commas; they rank the results and filter nobody out."
            maxLength={300}
            {...register('preferred')}
          />
          <TextField label="Location" placeholder="e.g. Lisbon" maxLength={120} {...register('location')} />
          <SelectField label="Experience" options={experienceOptions} {...register('experience')} />
          <SelectField label="Education" options={educationOptions} {...register('education')} />
        </div>
        <div className="form-actions">
          <Button type="submit" busy={searching}>
            Search
          </Button>
          {hasAnyFilter(filters) ? (
            <Button
              variant="secondary"
              onClick={() => {
                reset(noFilters);
                onSearch(noFilters);
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </div>
      </form>
    </search>
  );
}
