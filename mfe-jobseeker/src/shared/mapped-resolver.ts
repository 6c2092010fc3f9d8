import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';

type ContractSchema = Parameters<typeof zodResolver>[0];

/**
 * Validates a form with the API's own contract schema, after turning the form's text
 * fields into the payload (e.g. a comma-separated list into an array, a year into a
 * number). Field names mirror the payload's, so errors land on the right field; an
 * error deep inside a value (one item of a list) is shown on the field itself.
 */
export function mappedResolver<Values extends FieldValues, Payload>(
  schema: ContractSchema,
  toInput: (values: Values) => unknown,
): Resolver<Values, unknown, Payload> {
  const validate = zodResolver(schema) as unknown as Resolver<FieldValues, unknown, Payload>;
  return async (values, context, options) => {
    const result = await validate(
      toInput(values) as FieldValues,
      context,
      options as unknown as Parameters<typeof validate>[2],
    );
    if (Object.keys(result.errors).length === 0) return result as ResolverResult<Values, Payload>;
    return { values: {}, errors: surfaceNested(result.errors) as FieldErrors<Values> };
  };
}

function surfaceNested(errors: FieldErrors): FieldErrors {
  const surfaced: Record<string, unknown> = {};
  for (const [name, error] of Object.entries(errors)) {
    surfaced[name] = error && typeof error.message === 'string' ? error : firstError(error);
  }
  return surfaced as FieldErrors;
}

function firstError(node: unknown): FieldError | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const candidate = node as Partial<FieldError>;
  if (typeof candidate.message === 'string') return candidate as FieldError;
  for (const child of Object.values(node)) {
    const found = firstError(child);
    if (found) return found;
  }
  return undefined;
}
