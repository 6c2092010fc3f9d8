import { z } from 'zod';
import { employerRequestStatuses } from '../matching';
import { ZUserType } from '../primitives';
import { eventSchema } from './envelope';

/** Topic `match-requests`, keyed by request id: the history the contact log is written from. */
export const matchRequestsTopic = 'match-requests';

const ZRequestStatus = z.enum(employerRequestStatuses);

export const ZMatchRequestCreated = eventSchema(
  'match.request.created',
  1,
  z.strictObject({
    requestId: z.uuid(),
    employerId: z.uuid(),
    candidateId: z.uuid(),
    candidateCode: z.string(),
    message: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /**
     * Where the request starts: 'pending' (the admin's queue) or 'awaiting_candidate' (the candidate
     * asked to be asked first). Absent in events written before issue 12: 'pending'.
     */
    status: z.enum(['pending', 'awaiting_candidate']).optional(),
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
    /** Who moved it: the admin, the employer (unmatch) or the job seeker (their own consent). */
    actor: z.strictObject({ userId: z.uuid(), role: ZUserType }),
    changedAt: z.iso.datetime(),
  }),
);
export type MatchRequestStatusChanged = z.infer<typeof ZMatchRequestStatusChanged>;

export const ZMatchRequestEvent = z.discriminatedUnion('type', [
  ZMatchRequestCreated,
  ZMatchRequestStatusChanged,
]);
export type MatchRequestEvent = z.infer<typeof ZMatchRequestEvent>;
