import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Validates a form with the API's own contract schema, so a form says what the server
 * would say. `toInput` turns the form's values (text fields, mostly) into the payload
 * first: a comma-separated list into an array, a year into a number, a fixed `status`
 * added. The form then submits the schema's output, typed.
 *
 * Each problem lands on the form field its path starts in: a bad item of a list typed as
 * one comma-separated field is shown on that field, a bad row of a field array on that
 * row's field, a rule about the whole array on the array (`errors.skills.root`).
 */
export function contractResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  toInput: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      errors[fieldOf(values, issue.path)] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** A contract resolver whose schema is loaded on first use, with a way to start that load early. */
export type DeferredResolver<Values extends FieldValues, Output> = Resolver<Values, unknown, Output> & {
  /** Starts loading the schema now (the form got focus), so the first submit does not wait. */
  warm: () => void;
};

/**
 * `contractResolver` for a schema that arrives by a dynamic import on first use: a page that
 * is little more than a form (sign-in, registration) then paints and hydrates without zod,
 * most of its script. A load that fails (offline) is forgotten, so the next submit tries
 * again; until then the resolver rejects, and `handleSubmit` with it.
 */
export function deferredContractResolver<Values extends FieldValues, Output>(
  load: () => Promise<z.ZodType<Output>>,
  toInput?: (values: Values) => unknown,
): DeferredResolver<Values, Output> {
  let loading: Promise<Resolver<Values, unknown, Output>> | undefined;
  const loaded = () => {
    if (!loading) {
      const started = load().then((schema) => contractResolver<Values, Output>(schema, toInput));
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  };
  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, { warm: () => void loaded().catch(() => undefined) });
}

/** The form field a problem's path points into: the path up to the first plain value. */
function fieldOf(values: FieldValues, path: readonly PropertyKey[]): string {
  const taken: string[] = [];
  let node: unknown = values;
  for (const key of path) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<PropertyKey, unknown>)[key];
    taken.push(String(key));
  }
  return taken.join('.') || 'root';
}
