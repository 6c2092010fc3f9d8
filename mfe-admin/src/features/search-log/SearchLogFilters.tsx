import { type SearchLogQuery, ZSearchLogQuery } from '@meritmatch/contracts';
import { Button, SelectField, TextField } from '@meritmatch/ui';
import { contractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useUsers } from '../users/users-query';
import type { SearchLogFilter } from './search-log-query';

type Values = { employer: string; code: string; from: string; to: string };

const valuesOf = (filter: SearchLogFilter): Values => ({
  employer: filter.employer ?? '',
  code: filter.code ?? '',
  from: filter.from ?? '',
  to: filter.to ?? '',
});

/** The employers to choose from, as User Management lists them (deleted ones too: their searches stay). */
function useEmployerOptions(selected: string | undefined) {
  const users = useUsers('employer', true);
  const options = (users.data ?? []).map((user) => ({
    value: user.id,
    label: `${user.profile?.company_name ?? 'No company profile'} (${user.email})`,
  }));
  // an employer named in the address but not (or not yet) listed is still shown as chosen
  if (selected && !options.some((option) => option.value === selected))
    options.unshift({ value: selected, label: `Employer ${selected}` });
  return { options, loading: users.isPending, failed: users.isError };
}

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
        hint={
          employers.failed
            ? 'The employers could not be listed.'
            : employers.loading
              ? 'Loading the employers…'
              : undefined
        }
        {...field('employer')}
      />
      <TextField
        label="Candidate code"
        placeholder="EM123456"
        autoComplete="off"
        spellCheck={false}
        className="mono"
        {...field('code')}
      />
      <TextField label="From" type="date" {...field('from')} />
      <TextField label="To" type="date" {...field('to')} />
      <div className="admin-log-filters__actions">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        {filtered ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => onApply({})}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}
