import { z } from 'zod';

export const userTypes = ['job_seeker', 'employer', 'admin'] as const;
export const ZUserType = z.enum(userTypes);
export type UserType = z.infer<typeof ZUserType>;

export const userStatuses = ['active', 'suspended', 'deleted'] as const;
export const ZUserStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof ZUserStatus>;

/** Opaque identifiers are UUIDs everywhere (never sequential, never derived from data). */
export const ZId = z.uuid({ message: 'Must be a valid id' });
export type Id = z.infer<typeof ZId>;

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

/** A route's `:id` parameter; a malformed id answers with the route's own message. */
export const idParam = (message: string) => z.object({ id: z.uuid({ message }) });

/** A blank query field counts as absent, so that its default applies. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
