import { z } from 'zod';
import { companySizes, industries } from '../employer';
import { eventSchema } from './envelope';

/** Topic `employers` (compacted), keyed by the employer's user id. No e-mail, no personal data. */
export const employersTopic = 'employers';

export const ZEmployerSnapshot = z.strictObject({
  employerId: z.uuid(),
  companyName: z.string(),
  industry: z.enum(industries),
  companySize: z.enum(companySizes),
  website: z.string().nullable(),
  verified: z.boolean(),
  version: z.number().int().nonnegative(),
  updatedAt: z.iso.datetime(),
});
export type EmployerSnapshot = z.infer<typeof ZEmployerSnapshot>;

export const ZEmployerProfileChanged = eventSchema('employer.profile-changed', 1, ZEmployerSnapshot);
export type EmployerProfileChanged = z.infer<typeof ZEmployerProfileChanged>;

/** The employer was erased: the last event of its key, so that compaction removes every older one. */
export const ZEmployerErased = eventSchema(
  'employer.erased',
  1,
  z.strictObject({ employerId: z.uuid(), erasedAt: z.iso.datetime() }),
);
export type EmployerErased = z.infer<typeof ZEmployerErased>;

export const ZEmployerEvent = z.discriminatedUnion('type', [ZEmployerProfileChanged, ZEmployerErased]);
export type EmployerEvent = z.infer<typeof ZEmployerEvent>;
