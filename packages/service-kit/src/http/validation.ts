import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { ApiError } from './errors';

/** What a validation error names when the problem is the whole input rather than one field. */
const wholeInput: Record<string, string> = {
  json: '(body)',
  query: '(query)',
  param: '(path)',
  header: '(headers)',
};

export function issuesToDetails(issues: readonly z.core.$ZodIssue[], target = 'json') {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.') || (wholeInput[target] ?? `(${target})`),
    message: issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message,
  }));
}

export function validationError(issues: readonly z.core.$ZodIssue[], target?: string) {
  const details = issuesToDetails(issues, target);
  return new ApiError('VALIDATION_FAILED', details[0]?.message ?? 'Invalid request', details);
}

/**
 * `zValidator` with the one error shape: the first problem becomes the message (the
 * screens show it as it is), every problem is listed in `details`.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error.issues, target);
  });
