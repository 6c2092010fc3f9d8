import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

type ContractSchema = Parameters<typeof zodResolver>[0];

/**
 * Validates a form with the API's own contract schema, after turning the form's values
 * into the payload (e.g. adding the fixed `status`). Field names are the payload's, so
 * errors land on the right fields.
 */
export function contractResolver<Values extends FieldValues, Payload>(
  schema: ContractSchema,
  toInput: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Payload> {
  const validate = zodResolver(schema) as unknown as Resolver<FieldValues, unknown, Payload>;
  return async (values, context, options) =>
    (await validate(
      toInput(values) as FieldValues,
      context,
      options as unknown as Parameters<typeof validate>[2],
    )) as Awaited<ReturnType<Resolver<Values, unknown, Payload>>>;
}
