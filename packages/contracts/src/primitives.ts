import { z } from 'zod';

export const userTypes = ['job_seeker', 'employer', 'admin'] as const;
export const ZUserType = z.enum(userTypes);
export type UserType = z.infer<typeof ZUserType>;

/**
 * Who a token or a `users` event can be: a person (the three user types) or a service of the
 * product acting in its own name (the notifications service asks the owners for
 * addresses with a token of its own). A service account never signs in and never opens a
 * public `/api` route; only internal routes that name the role accept it.
 */
export const accountTypes = [...userTypes, 'service'] as const;
export const ZAccountType = z.enum(accountTypes);
export type AccountType = z.infer<typeof ZAccountType>;

export const userStatuses = ['active', 'suspended', 'deleted'] as const;
export const ZUserStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof ZUserStatus>;

/** Opaque identifiers are UUIDs everywhere (never sequential, never derived from data). */
export const ZId = z.uuid({ message: 'Must be a valid id' });
export type Id = z.infer<typeof ZId>;

/** The most ids one internal lookup names; a caller with more asks in groups of this size. */
export const lookupLimit = 1000;

/** Calendar date as `YYYY-MM-DD`, checked to be a real date. */
export const ZIsoDate = z.iso.date({ message: 'Must be a date (YYYY-MM-DD)' });

/** Trims and refuses strings that are blank after trimming. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

export const optionalText = (label: string, max = 2000) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .optional();

/**
 * A route's `:id` parameter, naming what the id is of: a malformed one answers 400 "Not a
 * candidate id" (a 400 that said "Not found" read as a contradiction).
 */
export const idParam = (kind: string) => z.object({ id: z.uuid({ message: `Not a ${kind} id` }) });

/** Form and query fields send '' for "nothing": that means the same as leaving the field out. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A query field that may be left out or sent blank; when given, it must pass `schema`. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

/**
 * A whole number from a query string, between `min` and `max`, with a default when absent.
 * Each way of being wrong has its own message ("limit must be at most 50", not "must be a number").
 */
export const queryInteger = (
  name: string,
  { min, max, fallback }: { min: number; max: number; fallback: number },
) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `${name} must be a number` })
      .int({ message: `${name} must be a whole number` })
      .min(min, { message: `${name} must be at least ${min}` })
      .max(max, { message: `${name} must be at most ${max}` })
      .default(fallback),
  );
