import { type FieldValues, get, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';

/**
 * Binds a form's fields to the ui kit's inputs: `const field = fieldsOf(form)` and then
 * `<TextField label="Issuer" required {...field('issuer')} />` registers the input and shows
 * its error, instead of spelling out `error={errors.issuer?.message} {...register('issuer')}`
 * for every field.
 */
export function fieldsOf<Values extends FieldValues, Output>(form: UseFormReturn<Values, unknown, Output>) {
  const { errors } = form.formState;
  return <Name extends Path<Values>>(name: Name, options?: RegisterOptions<Values, Name>) => ({
    ...form.register(name, options),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
  });
}
