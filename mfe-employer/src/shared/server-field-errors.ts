import { ApiRequestError } from '@meritmatch/web-session';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/** The form field a server detail's path (`salary.max`, `mustHave.0`) points into: up to the first plain value. */
function fieldAt(values: FieldValues, path: string): string | null {
  const taken: string[] = [];
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(key in node)) break;
    node = (node as Record<string, unknown>)[key];
    taken.push(key);
  }
  // a path that ends on a group of fields (or on nothing the form has) is no one field's
  return taken.length > 0 && (node === null || typeof node !== 'object') ? taken.join('.') : null;
}

/**
 * Shows a refused write's problems at the form's fields, as the contract resolver shows the same
 * problems before sending: a 400 names each field in `details[].path`. Focuses the first field
 * and says whether any field took a problem (if none did, the caller shows the message instead).
 */
export function showServerFieldErrors<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 400 || !error.details) return false;
  const values = form.getValues();
  let shown = 0;
  for (const detail of error.details) {
    const field = fieldAt(values, detail.path);
    if (field === null || form.getFieldState(field as FieldPath<Values>).error) continue;
    form.setError(
      field as FieldPath<Values>,
      { type: 'server', message: detail.message },
      { shouldFocus: shown === 0 },
    );
    shown += 1;
  }
  return shown > 0;
}
