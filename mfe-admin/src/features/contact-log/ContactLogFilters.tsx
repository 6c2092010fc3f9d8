import {
  type ContactLogFilter,
  contactLogActionLabels,
  contactLogActions,
  contactLogFilterNames,
  ZContactLogFilter,
} from '@meritmatch/contracts';
import { Button, SelectField, TextField } from '@meritmatch/ui';
import { contractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useEmployerOptions } from '../../shared/employer-options';
import { candidateCodeFieldProps, FilterActions } from '../../shared/log-filter-parts';
import type { ContactLogFilterParams } from './contact-log-query';

type Values = Record<(typeof contactLogFilterNames)[number], string>;

const valuesOf = (filter: ContactLogFilterParams) =>
  Object.fromEntries(contactLogFilterNames.map((name) => [name, filter[name] ?? ''])) as Values;

/** The contract's answer, as the address holds it: only the filters given. */
const paramsOf = (filter: ContactLogFilter): ContactLogFilterParams =>
  Object.fromEntries(contactLogFilterNames.flatMap((name) => (filter[name] ? [[name, filter[name]]] : [])));

const actionOptions = contactLogActions.map((action) => ({
  value: action,
  label: contactLogActionLabels[action],
}));

/**
 * The Contact log's filters: a request, an employer, a candidate code, an action, a first and a
 * last day. Checked with the API's own contract before they go into the address.
 */
export function ContactLogFilters({
  filter,
  onApply,
}: {
  filter: ContactLogFilterParams;
  onApply: (filter: ContactLogFilterParams) => void;
}) {
  const employers = useEmployerOptions(filter.employer);
  const form = useForm<Values, unknown, ContactLogFilter>({
    defaultValues: valuesOf(filter),
    resolver: contractResolver<Values, ContactLogFilter>(ZContactLogFilter, (values) => ({
      ...values,
      request: values.request.trim(),
    })),
  });
  const field = fieldsOf(form);
  const { reset } = form;
  // the address changed (back, a cleared filter): the form follows it
  useEffect(() => reset(valuesOf(filter)), [filter, reset]);

  const apply = form.handleSubmit((chosen) => onApply(paramsOf(chosen)));
  const filtered = Object.keys(filter).length > 0;

  return (
    <form
      className="form admin-log-filters admin-log-filters--three"
      onSubmit={apply}
      noValidate
      aria-label="Filter the contact log"
    >
      <TextField
        label="Request ID"
        autoComplete="off"
        spellCheck={false}
        className="mono"
        {...field('request')}
      />
      <SelectField
        label="Employer"
        placeholder="All employers"
        options={employers.options}
        hint={employers.hint}
        {...field('employer')}
      />
      <TextField {...candidateCodeFieldProps} {...field('code')} />
      <SelectField label="Action" placeholder="All actions" options={actionOptions} {...field('action')} />
      <TextField label="From" type="date" {...field('from')} />
      <TextField label="To" type="date" {...field('to')} />
      <FilterActions filtered={filtered} onClear={() => onApply({})} />
    </form>
  );
}
