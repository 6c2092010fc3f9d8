import { type SearchLogQuery, ZSearchLogQuery } from '@meritmatch/contracts';
import { Button, SelectField, TextField } from '@meritmatch/ui';
import { contractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useEmployerOptions } from '../../shared/employer-options';
import { candidateCodeFieldProps, FilterActions } from '../../shared/log-filter-parts';
import type { SearchLogFilter } from './search-log-query';

type Values = { employer: string; code: string; from: string; to: string };

const valuesOf = (filter: SearchLogFilter): Values => ({
  employer: filter.employer ?? '',
  code: filter.code ?? '',
  from: filter.from ?? '',
  to: filter.to ?? '',
});

/**
 * The Search log's filters: an employer, a candidate code, a first and a last day. Checked with
 * the API's own contract before they go into the address.
 */
export function SearchLogFilters({
  filter,
  onApply,
}: {
  filter: SearchLogFilter;
  onApply: (filter: SearchLogFilter) => void;
}) {
  const employers = useEmployerOptions(filter.employer);
  const form = useForm<Values, unknown, SearchLogQuery>({
    defaultValues: valuesOf(filter),
    resolver: contractResolver<Values, SearchLogQuery>(ZSearchLogQuery, (values) => values),
  });
  const field = fieldsOf(form);
  const { reset } = form;
  // the address changed (back, a cleared filter): the form follows it
  useEffect(() => reset(valuesOf(filter)), [filter, reset]);

  const apply = form.handleSubmit(({ employer, code, from, to }) =>
    onApply({
      ...(employer ? { employer } : {}),
      ...(code ? { code } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    }),
  );
  const filtered = Object.keys(filter).length > 0;

  return (
    <form className="form admin-log-filters" onSubmit={apply} noValidate aria-label="Filter the search log">
      <SelectField
        label="Employer"
        placeholder="All employers"
        options={employers.options}
        hint={employers.hint}
        {...field('employer')}
      />
      <TextField {...candidateCodeFieldProps} {...field('code')} />
      <TextField label="From" type="date" {...field('from')} />
      <TextField label="To" type="date" {...field('to')} />
      <FilterActions filtered={filtered} onClear={() => onApply({})} />
    </form>
  );
}
