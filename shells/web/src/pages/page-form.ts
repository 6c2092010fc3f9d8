import { type DeferredResolver, fieldsOf } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import type { FormEvent } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';

/**
 * A page's form, checked by a contract loaded on first use: the form, its bound fields, its
 * message and `submit(send)`, the submit handler. Once the form checks out, the message is
 * cleared and `send` runs; a refusal, or a check that could not even load (offline), shows the
 * server's message, else `failed`.
 */
export function usePageForm<Values extends FieldValues>(
  resolver: DeferredResolver<Values, Values>,
  defaultValues: DefaultValues<Values>,
  failed: string,
) {
  const feedback = useFormMessage();
  const form = useForm<Values, unknown, Values>({ resolver, defaultValues });
  const fail = (error: unknown) => feedback.show(errorMessage(error, failed));
  const submit = (send: (values: Values) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    form
      .handleSubmit(async (values) => {
        feedback.clear();
        await send(values).catch(fail);
      })(event)
      .catch(fail);
  };
  return { form, field: fieldsOf(form), feedback, submit, busy: form.formState.isSubmitting };
}
