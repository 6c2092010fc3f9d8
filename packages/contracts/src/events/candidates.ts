import { z } from 'zod';
import { experienceTypes, genders, ZProficiency } from '../job-seeker';
import { eventSchema } from './envelope';

/** Topic `candidates` (compacted), keyed by candidate id: the latest projection of each candidate wins. */
export const candidatesTopic = 'candidates';

/**
 * The anonymous projection of a job seeker: what the matching service may know. It never
 * carries a name, e-mail, phone or birth date (strict: any extra field fails), and its free
 * text has contact details and the candidate's own name masked by the profile service.
 */
export const ZCandidateProjection = z.strictObject({
  candidateId: z.uuid(),
  uniqueCode: z.string().regex(/^EM\d{6,}$/),
  /** Increases with every change of the profile; a consumer ignores anything not newer. */
  version: z.number().int().nonnegative(),
  /** False while the account is suspended or deleted: the candidate leaves search. */
  searchable: z.boolean(),
  location: z.string(),
  /**
   * Only to compute an age band. The date of birth never leaves the profile service: with a
   * gender and a place, it identifies most people.
   */
  birthYear: z.number().int().nullable(),
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

export const ZCandidateProfileChanged = eventSchema('candidate.profile-changed', 2, ZCandidateProjection);
export type CandidateProfileChanged = z.infer<typeof ZCandidateProfileChanged>;

/**
 * Version 1 carried the exact date of birth. The compacted topic keeps the last event of every
 * candidate who has not changed since, so readers still accept it, and keep only its year.
 */
export const ZCandidateProfileChangedV1 = eventSchema(
  'candidate.profile-changed',
  1,
  ZCandidateProjection.omit({ birthYear: true }).extend({ dateOfBirth: z.iso.date().nullable() }),
);

/** What a consumer of `candidates` reads: either version, as version 2 (a v1 date of birth becomes its year). */
export const ZCandidateEvent = z
  .discriminatedUnion('version', [ZCandidateProfileChanged, ZCandidateProfileChangedV1])
  .transform((event): CandidateProfileChanged => {
    if (event.version === 2) return event;
    const { dateOfBirth, ...data } = event.data;
    return {
      ...event,
      version: 2,
      data: { ...data, birthYear: dateOfBirth === null ? null : Number(dateOfBirth.slice(0, 4)) },
    };
  });
export type CandidateEvent = z.output<typeof ZCandidateEvent>;
