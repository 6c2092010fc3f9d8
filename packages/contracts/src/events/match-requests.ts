import { z } from 'zod';
import { requestEventStatuses } from '../matching';
import { ZUserType } from '../primitives';
import { eventSchema } from './envelope';

/** Topic `match-requests`, keyed by request id: the history the contact log is written from. */
export const matchRequestsTopic = 'match-requests';

const ZRequestStatus = z.enum(requestEventStatuses);

/**
 * The topic carries no free text and no name (docs/decisions/0004-account-erasure.md): its events
 * stay for the topic's retention, longer than an erasure may take. The employer's message, the
 * team's notes and the contact note stay in the request at matching, which erases them with
 * either party; a reader asks matching for them (`matchRequestTextsPath`) when the event says it
 * has some (`withMessage`, `withNotes`), and gets nothing once they are erased. The company's
 * name is looked up from its owner.
 *
 * Events written before that carried the texts and the name themselves; readers still take them
 * from such an event (the fields below marked "earlier events").
 */
const legacyText = z.string().nullable().optional();
/** Earlier events: the employer's company name as matching knew it. */
const companyNameField = z.string().min(1).optional();

export const ZMatchRequestCreated = eventSchema(
  'match.request.created',
  1,
  z.strictObject({
    requestId: z.uuid(),
    employerId: z.uuid(),
    candidateId: z.uuid(),
    candidateCode: z.string(),
    /** Earlier events: the employer's message itself. */
    message: legacyText,
    /** Whether the employer wrote a message (ask matching for it with the event's id). */
    withMessage: z.boolean().optional(),
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
    /** Earlier events: the team's notes and the contact note themselves. */
    adminNotes: legacyText,
    contactNote: legacyText,
    /** Whether the request had notes or a contact note after this change (ask matching with the event's id). */
    withNotes: z.boolean().optional(),
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
