import { z } from 'zod';
import { experienceTypes, genders, ZProficiency } from '../job-seeker';
import { noPreferences, ZJobPreferences } from '../preferences';
import { eventSchema } from './envelope';

/** Topic `candidates` (compacted), keyed by candidate id: the latest projection of each candidate wins. */
export const candidatesTopic = 'candidates';

/**
 * The anonymous projection of a job seeker as version 2 carried it: what the matching service
 * may know. It never carries a name, e-mail, phone or birth date (strict: any extra field fails),
 * and its free text has contact details and the candidate's own name masked by the profile service.
 */
const ZCandidateProjectionV2 = z.strictObject({
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

/**
 * Version 3 adds what the candidate controls: who owns the profile (so the matching
 * service can answer the job seeker's own requests), consent before contact, the pause and the
 * company block list. None of it is ever in an answer to an employer.
 */
const ZCandidateProjectionV3 = ZCandidateProjectionV2.extend({
  /**
   * The job seeker's account id: opaque, not a name, e-mail or phone. Only the job seeker's own
   * calls are matched against it. Null when read from an older version.
   */
  ownerUserId: z.uuid().nullable(),
  /** "Ask me before sharing my details": a new request first waits for the candidate. */
  askBeforeSharing: z.boolean(),
  /** Hidden from search and detail by the candidate, who keeps everything else. */
  paused: z.boolean(),
  /** Blocked companies, as `companyKey` of their names: such an employer never finds the candidate. */
  blockedCompanies: z.array(z.string()),
  /** Blocked website domains (`domainKey`), each also blocking its subdomains. */
  blockedDomains: z.array(z.string()),
});

/**
 * Version 4 adds the candidate's private job preferences (work modes, countries, notice, minimum
 * salary), only for matching's filter of a position's search: they leave the candidate out of a
 * position whose terms they do not accept. No answer to an employer carries them.
 */
export const ZCandidateProjection = ZCandidateProjectionV3.extend({
  preferences: ZJobPreferences,
});
export type CandidateProjection = z.infer<typeof ZCandidateProjection>;

export const ZCandidateProfileChanged = eventSchema('candidate.profile-changed', 4, ZCandidateProjection);
export type CandidateProfileChanged = z.infer<typeof ZCandidateProfileChanged>;

/**
 * Version 3 had no preferences; the compacted topic keeps it for candidates who have not changed
 * since. Read as no preferences: such a candidate is in every position's search, as before.
 */
export const ZCandidateProfileChangedV3 = eventSchema('candidate.profile-changed', 3, ZCandidateProjectionV3);

/**
 * Version 2 had no owner and no visibility settings; the compacted topic keeps it for candidates
 * who have not changed since (until `republish-profiles` or their next change). Read as: nobody's
 * own requests yet, consent off, not paused, nothing blocked: the behaviour before consent and the block list existed.
 */
export const ZCandidateProfileChangedV2 = eventSchema('candidate.profile-changed', 2, ZCandidateProjectionV2);

/**
 * Version 1 carried the exact date of birth. The compacted topic keeps the last event of every
 * candidate who has not changed since, so readers still accept it, and keep only its year.
 */
export const ZCandidateProfileChangedV1 = eventSchema(
  'candidate.profile-changed',
  1,
  ZCandidateProjectionV2.omit({ birthYear: true }).extend({ dateOfBirth: z.iso.date().nullable() }),
);

const beforeVisibilitySettings = {
  ownerUserId: null,
  askBeforeSharing: false,
  paused: false,
  blockedCompanies: [],
  blockedDomains: [],
};
const beforePreferences = { preferences: noPreferences };

/**
 * The candidate was erased: the last event of its key, so that compaction removes every older
 * one. It holds ids only; `ownerUserId` lets a reader still tell whose requests were whose.
 */
export const ZCandidateErased = eventSchema(
  'candidate.erased',
  1,
  z.strictObject({ candidateId: z.uuid(), ownerUserId: z.uuid(), erasedAt: z.iso.datetime() }),
);
export type CandidateErased = z.infer<typeof ZCandidateErased>;

/**
 * A profile change of any version, as version 4 (a v1 date of birth becomes its year). Only the
 * older versions carry a transform: a transform on the whole union would make zod run it on every
 * event, and rebuilding matching's index from the compacted topic reads a million of them
 * (decision 0027). Version 4 is read as it is.
 */
export const ZCandidateProfileEvent = z.discriminatedUnion('version', [
  ZCandidateProfileChanged,
  ZCandidateProfileChangedV3.transform(
    (event): CandidateProfileChanged => ({
      ...event,
      version: 4,
      data: { ...event.data, ...beforePreferences },
    }),
  ),
  ZCandidateProfileChangedV2.transform(
    (event): CandidateProfileChanged => ({
      ...event,
      version: 4,
      data: { ...event.data, ...beforeVisibilitySettings, ...beforePreferences },
    }),
  ),
  ZCandidateProfileChangedV1.transform((event): CandidateProfileChanged => {
    const { dateOfBirth, ...data } = event.data;
    return {
      ...event,
      version: 4,
      data: {
        ...data,
        birthYear: dateOfBirth === null ? null : Number(dateOfBirth.slice(0, 4)),
        ...beforeVisibilitySettings,
        ...beforePreferences,
      },
    };
  }),
]);

/**
 * What a consumer of `candidates` reads: a profile change as version 4, or an erasure; told apart
 * by the type first, so that a profile change is not first tried as an erasure.
 */
export const ZCandidateEvent = z.discriminatedUnion('type', [ZCandidateErased, ZCandidateProfileEvent]);
export type CandidateEvent = z.output<typeof ZCandidateEvent>;
