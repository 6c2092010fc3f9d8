import {
  type ContactLogInput,
  contactLogActionLabels,
  manualContactLogActions,
  ZContactLogInput,
} from '@meritmatch/contracts';
import { Button, SelectField, TextAreaField, TextField } from '@meritmatch/ui';
import { contractResolver, fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { useAddContactLog } from './contact-log-query';

type Values = { requestId: string; action: string; notes: string };

const actionOptions = manualContactLogActions.map((action) => ({
  value: action,
  label: contactLogActionLabels[action],
}));

export const contactLogFailed = 'Error adding contact log entry';

/** A manual entry: which request, what happened, and notes. */
export function ContactLogForm() {
  const add = useAddContactLog();
  // 'Log contact' on a request opens this page with its id filled in
  const [params] = useSearchParams();
  const prefilled = ZContactLogInput.shape.requestId.safeParse(params.get('requestId')).data ?? '';
  const feedback = useFormMessage();
  const form = useForm<Values, unknown, ContactLogInput>({
    defaultValues: { requestId: prefilled, action: 'contact_made', notes: '' },
    resolver: contractResolver<Values, ContactLogInput>(ZContactLogInput, (values) => ({
      ...values,
      requestId: values.requestId.trim(),
    })),
  });
  const field = fieldsOf(form);
  const { setFocus } = form;
  useEffect(() => {
    if (prefilled) setFocus('notes');
  }, [prefilled, setFocus]);

  const submit = form.handleSubmit((input) => {
    feedback.clear();
    add.mutate(input, {
      onSuccess: (answer) => {
        feedback.show(answer.message);
        form.reset({ requestId: '', action: input.action, notes: '' });
      },
      onError: (error) => feedback.show(errorMessage(error, contactLogFailed)),
    });
  });

  return (
    <form
      className="form"
      onSubmit={submit}
      onChange={feedback.clearIfError}
      noValidate
      aria-label="Add a contact log entry"
    >
      <div className="admin-form-row">
        <TextField
          label="Request ID"
          required
          autoComplete="off"
          spellCheck={false}
          className="mono"
          hint="Shown on each request in the queue."
          {...field('requestId')}
        />
        <SelectField label="Action" required options={actionOptions} {...field('action')} />
      </div>
      <TextAreaField label="Notes" required rows={3} {...field('notes')} />
      <Notice message={feedback.message} />
      <div className="form-actions">
        <Button type="submit" busy={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add Entry'}
        </Button>
      </div>
    </form>
  );
}
