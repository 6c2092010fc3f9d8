import { z } from 'zod';
import { experienceTypes, genders, ZProficiency } from '../job-seeker';
import { eventSchema } from './envelope';

/** Topic `candidates` (compacted), keyed by candidate id: the latest projection of each candidate wins. */
export const candidatesTopic = 'candidates';

/**
 * The anonymous projection of a job seeker: what the matching service may know. It never
 * carries a name, e-mail or phone (strict: any extra field fails), and its free text has
 * contact details and the candidate's own name masked by the profile service.
 */
export const ZCandidateProjection = z.strictObject({
  candidateId: z.uuid(),
  uniqueCode: z.string().regex(/^EM\d{6,}$/),
  /** Increases with every change of the profile; a consumer ignores anything not newer. */
  version: z.number().int().nonnegative(),
  /** False while the account is suspended or deleted: the candidate leaves search. */
  searchable: z.boolean(),
  location: z.string(),
  /** Only to compute an age; never shown to an employer. */
  dateOfBirth: z.iso.date().nullable(),
  gender: z.enum(genders).nullable(),
  skills: z.array(z.strictObject({ name: z.string(), proficiencyLevel: ZProficiency })),
  experiences: z.array(
    z.strictObject({
      position: z.string(),
      companyName: z.string(),
      startDate: z.iso.date(),
      endDate: z.iso.date().nullable(),
      isCurrent: z.boolean(),
      description: z.string().nullable(),
      experienceType: z.enum(experienceTypes),
    }),
  ),
  education: z.array(
    z.strictObject({
      degree: z.string(),
      fieldOfStudy: z.string().nullable(),
      institution: z.string(),
      graduationYear: z.number().int().nullable(),
      gpa: z.number().nullable(),
    }),
  ),
  certifications: z.array(z.strictObject({ name: z.string(), issuer: z.string(), issueDate: z.iso.date() })),
  updatedAt: z.iso.datetime(),
});
export type CandidateProjection = z.infer<typeof ZCandidateProjection>;

export const ZCandidateProfileChanged = eventSchema('candidate.profile-changed', 1, ZCandidateProjection);
export type CandidateProfileChanged = z.infer<typeof ZCandidateProfileChanged>;

export const ZCandidateEvent = z.discriminatedUnion('type', [ZCandidateProfileChanged]);
export type CandidateEvent = z.infer<typeof ZCandidateEvent>;
