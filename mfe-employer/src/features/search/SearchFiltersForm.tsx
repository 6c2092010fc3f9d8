import type { Position } from '@meritmatch/contracts';
import { Button, SelectField, TextField } from '@meritmatch/ui';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  educationOptions,
  experienceOptions,
  type FilterValues,
  filtersFrom,
  hasAnyFilter,
  noFilters,
} from './search-filters';

/**
 * The open positions to search from, and the chosen one if it is not open (closed since, or not
 * loaded yet), so that the select shows what the search sends.
 */
function positionOptions(positions: readonly Position[] | undefined, chosen: string) {
  const open = (positions ?? []).filter((position) => position.status === 'open');
  const options = [
    { value: '', label: 'No position' },
    ...open.map((position) => ({ value: position.id, label: position.title })),
  ];
  if (chosen && !open.some((position) => position.id === chosen)) {
    const named = positions?.find((position) => position.id === chosen);
    options.push({
      value: chosen,
      label: named ? `${named.title} (closed)` : positions ? 'A position you no longer have' : 'Loading…',
    });
  }
  return { options, anyOpen: open.length > 0 };
}

/**
 * The filter form. It shows the filters of the URL (so back and reload restore them) and
 * hands new ones to `onSearch`, which puts them into the URL. Choosing a position fills the skills,
 * the nice-to-have skills and the location from it; they stay editable. Save search hands the
 * form's filters as they stand (searched or not yet) to `onSave`, once there is one to save.
 */
export function SearchFiltersForm({
  filters,
  positions,
  positionsFailed = false,
  searching,
  onSearch,
  onSave,
}: {
  filters: FilterValues;
  /** The employer's positions; undefined while they load or when they could not be loaded. */
  positions: readonly Position[] | undefined;
  /** The positions could not be loaded (the search works without them). */
  positionsFailed?: boolean;
  searching: boolean;
  onSearch: (filters: FilterValues) => void;
  onSave: (filters: FilterValues) => void;
}) {
  const form = useForm<FilterValues>({ values: filters });
  const { register, handleSubmit, reset, setValue, getValues, control } = form;
  const { field: positionField } = useController({ control, name: 'position' });
  const submit = handleSubmit((values) => onSearch(values));
  const { options, anyOpen } = positionOptions(positions, positionField.value);
  const savable = hasAnyFilter({ ...noFilters, ...useWatch({ control }) });

  const choosePosition = (id: string) => {
    positionField.onChange(id);
    const position = positions?.find((candidate) => candidate.id === id);
    if (!position) return;
    for (const [name, value] of Object.entries(filtersFrom(position))) {
      setValue(name as keyof ReturnType<typeof filtersFrom>, value, { shouldDirty: true });
    }
  };

  return (
    <search aria-label="Candidate filters">
      <form className="form" onSubmit={submit} noValidate>
        <div className="employer-filters">
          <SelectField
            label="Position"
            options={options}
            hint={
              // said while they load too, so that the cards below do not move when they come
              positions === undefined ? (
                positionsFailed ? (
                  'Your positions could not be loaded.'
                ) : (
                  'Loading your positions…'
                )
              ) : anyOpen ? (
                'Fills the skills and location from one of your open positions.'
              ) : (
                <>
                  Create a position under <Link to="/employer/positions">Positions</Link> to search from it.
                </>
              )
            }
            name={positionField.name}
            ref={positionField.ref}
            value={positionField.value}
            onBlur={positionField.onBlur}
            onChange={(event) => choosePosition(event.target.value)}
          />
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
          <Button variant="secondary" disabled={!savable} onClick={() => onSave(getValues())}>
            Save search
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
