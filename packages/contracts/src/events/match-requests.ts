import { z } from 'zod';
import { requestEventStatuses } from '../matching';
import { ZUserType } from '../primitives';
import { eventSchema } from './envelope';

/** Topic `match-requests`, keyed by request id: the history the contact log is written from. */
export const matchRequestsTopic = 'match-requests';

const ZRequestStatus = z.enum(requestEventStatuses);

/**
 * The employer's company name as matching knew it when the event was written (a company is not
 * anonymous), so that readers need not look it up. Absent in events written before it was added,
 * and when matching had not yet seen the employer's snapshot: readers then look it up themselves.
 */
const companyNameField = z.string().min(1).optional();

export const ZMatchRequestCreated = eventSchema(
  'match.request.created',
  1,
  z.strictObject({
    requestId: z.uuid(),
    employerId: z.uuid(),
    candidateId: z.uuid(),
    candidateCode: z.string(),
    message: z.string().nullable(),
    /**
     * Where the new request waits: 'pending' (the admin's queue) or 'awaiting_candidate' (the
     * candidate asked to be asked first). Absent in events written before consent and the block list existed: 'pending'.
     */
    status: z.enum(['pending', 'awaiting_candidate']).optional(),
    companyName: companyNameField,
    createdAt: z.iso.datetime(),
  }),
);
export type MatchRequestCreated = z.infer<typeof ZMatchRequestCreated>;

export const ZMatchRequestStatusChanged = eventSchema(
  'match.request.status-changed',
  1,
  z.strictObject({
    requestId: z.uuid(),
    employerId: z.uuid(),
    candidateId: z.uuid(),
    candidateCode: z.string(),
    from: ZRequestStatus,
    to: ZRequestStatus,
    adminNotes: z.string().nullable(),
    contactNote: z.string().nullable(),
    /** Who changed it: the admin, the employer (unmatch) or, since the candidate is asked first, the candidate (`job_seeker`). */
    actor: z.strictObject({ userId: z.uuid(), role: ZUserType }),
    companyName: companyNameField,
    changedAt: z.iso.datetime(),
  }),
);
export type MatchRequestStatusChanged = z.infer<typeof ZMatchRequestStatusChanged>;

export const ZMatchRequestEvent = z.discriminatedUnion('type', [
  ZMatchRequestCreated,
  ZMatchRequestStatusChanged,
]);
export type MatchRequestEvent = z.infer<typeof ZMatchRequestEvent>;
