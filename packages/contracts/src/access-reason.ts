import { z } from 'zod';
import { ZId } from './primitives';

// ─── Reads of a job seeker's personal details ────────────
//
// Only admins read a job seeker's name, e-mail and phone, and only from their owners (the
// profile service holds the name and phone, the auth service the e-mail). Each owner records
// every such read as part of serving it: who (the admin), whose (the job seeker), when, which
// details and why. A record names the details by kind and never holds one.

export const personalDetails = ['name', 'email', 'phone'] as const;
export const ZPersonalDetail = z.enum(personalDetails);
export type PersonalDetail = z.infer<typeof ZPersonalDetail>;

/** Why an admin read them: for a match request (which one, and whose company), or to administer accounts. */
export const accessPurposes = ['match-request', 'user-management'] as const;
export type AccessPurpose = (typeof accessPurposes)[number];

export const ZAccessReason = z.discriminatedUnion('purpose', [
  z.strictObject({ purpose: z.literal('match-request'), requestId: ZId, employerId: ZId }),
  z.strictObject({ purpose: z.literal('user-management') }),
]);
export type AccessReason = z.infer<typeof ZAccessReason>;

/** What an owner records when its caller names no reason: the user management screens name none. */
export const userManagementReason: AccessReason = { purpose: 'user-management' };

/**
 * The reason as one query parameter of an owner's internal GET or PUT route:
 * `reason=user-management` or `reason=match-request:<requestId>:<employerId>`.
 */
export function encodeAccessReason(reason: AccessReason): string {
  return reason.purpose === 'match-request'
    ? `match-request:${reason.requestId}:${reason.employerId}`
    : reason.purpose;
}

export const unknownReasonMessage =
  'reason must be user-management or match-request:<request id>:<employer id>';

export const ZAccessReasonParam = z.string({ message: unknownReasonMessage }).transform((text, context) => {
  const [purpose, requestId, employerId, ...rest] = text.split(':');
  const candidate =
    purpose === 'match-request' && rest.length === 0
      ? { purpose, requestId, employerId }
      : text === 'user-management'
        ? { purpose }
        : null;
  const parsed = ZAccessReason.safeParse(candidate);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: unknownReasonMessage });
  return z.NEVER;
});

/** A job seeker a lookup reads personal details of (by the id the lookup uses), and why. */
export const ZAccessFor = z.strictObject({ id: ZId, reason: ZAccessReason });
export type AccessFor = z.infer<typeof ZAccessFor>;

/** The query of an owner's internal route that serves personal details: why (account administration if not said). */
export const ZAccessReasonQuery = z.strictObject({
  reason: ZAccessReasonParam.default(userManagementReason),
});

/** The distinct reasons a lookup gives for one id, in the order given. */
export function reasonsFor(id: string, reasons: readonly AccessFor[]): AccessReason[] {
  const distinct = new Map<string, AccessReason>();
  for (const entry of reasons)
    if (entry.id === id) distinct.set(encodeAccessReason(entry.reason), entry.reason);
  return [...distinct.values()];
}
