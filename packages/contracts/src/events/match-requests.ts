import { z } from 'zod';
import { requestEventStatuses } from '../matching';
import { ZUserType } from '../primitives';
import { moveOf, requestStarts } from '../request-lifecycle';
import { eventSchema } from './envelope';

/** Topic `match-requests`, keyed by request id: the history the contact log is written from. */
export const matchRequestsTopic = 'match-requests';

const ZRequestStatus = z.enum(requestEventStatuses);
const ZStartStatus = z.enum(Object.keys(requestStarts) as [keyof typeof requestStarts]);

const requestIds = {
  requestId: z.uuid(),
  employerId: z.uuid(),
  candidateId: z.uuid(),
  candidateCode: z.string(),
};
/** Who changed it: the admin, the employer (unmatch), the candidate (`job_seeker`), or the party erased. */
const ZActor = z.strictObject({ userId: z.uuid(), role: ZUserType });

/**
 * Version 2. The topic carries no free text and no name (docs/decisions/0004-account-erasure.md):
 * its events stay for the topic's retention, longer than an erasure may take. The employer's
 * message, the team's notes and the contact note stay in the request at matching, which erases
 * them with either party; a reader asks matching for them (`matchRequestTextsPath`) with the
 * event's id when the event says there are some (`withMessage`, `withNotes`). The company's name
 * is asked from its owner. Version 3 adds `withPosition`.
 */
export const ZMatchRequestCreatedV2 = eventSchema(
  'match.request.created',
  2,
  z.strictObject({
    ...requestIds,
    /** Whether the employer wrote a message. */
    withMessage: z.boolean(),
    /** Where the new request waits (`requestStarts`). */
    status: ZStartStatus,
    createdAt: z.iso.datetime(),
  }),
);

/** Version 3: version 2 and whether the request names a position (asked from matching like the message). */
export const ZMatchRequestCreated = eventSchema(
  'match.request.created',
  3,
  ZMatchRequestCreatedV2.shape.data.extend({ withPosition: z.boolean() }),
);

/** A move of the lifecycle (`requestMoves`): a status change the table does not name is refused. */
export const ZMatchRequestStatusChanged = eventSchema(
  'match.request.status-changed',
  2,
  z
    .strictObject({
      ...requestIds,
      from: ZRequestStatus,
      to: ZRequestStatus,
      /** Whether the decision left notes or a contact note. */
      withNotes: z.boolean(),
      actor: ZActor,
      changedAt: z.iso.datetime(),
    })
    .refine((data) => moveOf(data.from, data.to) !== undefined, {
      message: 'Not a move of the match request lifecycle',
      path: ['to'],
    }),
);

// ─── Version 1, as earlier events on the topic carry it ────────────────────

const legacyText = z.string().nullable().optional();

/** Version 1 of a new request: some carried the message and the company's name themselves. */
export const ZMatchRequestCreatedV1 = eventSchema(
  'match.request.created',
  1,
  z.strictObject({
    ...requestIds,
    message: legacyText,
    withMessage: z.boolean().optional(),
    /** Absent before the candidate could be asked first: 'pending'. */
    status: ZStartStatus.optional(),
    companyName: z.string().min(1).optional(),
    createdAt: z.iso.datetime(),
  }),
);

/** The statuses a request had when version 1 was written. */
const ZStatusV1 = ZRequestStatus.exclude(['closed']);

/** Version 1 of a status change: some carried the notes and the company's name. */
export const ZMatchRequestStatusChangedV1 = eventSchema(
  'match.request.status-changed',
  1,
  z.strictObject({
    ...requestIds,
    from: ZStatusV1,
    to: ZStatusV1,
    adminNotes: legacyText,
    contactNote: legacyText,
    withNotes: z.boolean().optional(),
    actor: ZActor,
    companyName: z.string().min(1).optional(),
    changedAt: z.iso.datetime(),
  }),
);

/**
 * The texts an earlier event carried itself. A reader takes them from here when present, and
 * else asks matching when the event says there are some: the one rule for both kinds of event.
 */
export type CarriedTexts = {
  message?: string | null;
  adminNotes?: string | null;
  contactNote?: string | null;
  companyName?: string;
};

type Read<E> = E & { carried?: CarriedTexts };
export type MatchRequestCreated = Read<z.output<typeof ZMatchRequestCreated>>;
export type MatchRequestStatusChanged = Read<z.output<typeof ZMatchRequestStatusChanged>>;

const carriedOf = (texts: CarriedTexts) => {
  const present = Object.entries(texts).filter(([, value]) => value !== undefined);
  return present.length > 0 ? { carried: Object.fromEntries(present) as CarriedTexts } : {};
};

/** A new request of any version, as version 3 (with what a version 1 event carried). */
const ZCreatedAnyVersion = z
  .discriminatedUnion('version', [ZMatchRequestCreated, ZMatchRequestCreatedV2, ZMatchRequestCreatedV1])
  .transform((event): MatchRequestCreated => {
    if (event.version === 3) return event;
    if (event.version === 2) return { ...event, version: 3, data: { ...event.data, withPosition: false } };
    const { message, companyName, withMessage, status, ...data } = event.data;
    return {
      ...event,
      version: 3,
      data: { ...data, withMessage: withMessage ?? false, withPosition: false, status: status ?? 'pending' },
      ...carriedOf({ message, companyName }),
    };
  });

/** A status change of either version, as version 2 (with what a version 1 event carried). */
const ZStatusChangedAnyVersion = z
  .discriminatedUnion('version', [ZMatchRequestStatusChanged, ZMatchRequestStatusChangedV1])
  .transform((event): MatchRequestStatusChanged => {
    if (event.version === 2) return event;
    const { adminNotes, contactNote, companyName, withNotes, ...data } = event.data;
    return {
      ...event,
      version: 2,
      data: { ...data, withNotes: withNotes ?? false },
      ...carriedOf({ adminNotes, contactNote, companyName }),
    };
  });

/** What a consumer of `match-requests` reads: either event as version 2. */
export const ZMatchRequestEvent = z.union([ZCreatedAnyVersion, ZStatusChangedAnyVersion]);
export type MatchRequestEvent = z.output<typeof ZMatchRequestEvent>;
