import {
  type ContactLogInput,
  contactLogActionLabels,
  contactLogActions,
  ZContactLogInput,
} from '@meritmatch/contracts';
import { Button, FormMessage, SelectField, TextAreaField, TextField } from '@meritmatch/ui';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { contractResolver } from '../../shared/form-resolver';
import { useAddContactLog } from './contact-log-query';

type Values = { requestId: string; action: string; notes: string };

const actionOptions = contactLogActions.map((action) => ({
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
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  useEffect(() => {
    if (prefilled) setFocus('notes');
  }, [prefilled, setFocus]);

  const submit = form.handleSubmit(async (input) => {
    feedback.clear();
    try {
      const answer = await add(input);
      feedback.show(answer.message);
      form.reset({ requestId: '', action: input.action, notes: '' });
    } catch (error) {
      feedback.show(errorMessage(error, contactLogFailed));
    }
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
          error={errors.requestId?.message}
          {...form.register('requestId')}
        />
        <SelectField
          label="Action"
          required
          options={actionOptions}
          error={errors.action?.message}
          {...form.register('action')}
        />
      </div>
      <TextAreaField
        label="Notes"
        required
        rows={3}
        error={errors.notes?.message}
        {...form.register('notes')}
      />
      <FormMessage message={feedback.message} />
      <div className="form-actions">
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add Entry'}
        </Button>
      </div>
    </form>
  );
}
