import { randomUUID } from 'node:crypto';
import {
  type ContactLogInput,
  type ContactLogQuery,
  type ContactLogsAnswer,
  contactLogCursor,
  type MatchRequestStatusChanged,
  moveOf,
} from '@meritmatch/contracts';
import { type Clock, idForCommand } from '@meritmatch/service-kit';
import type { Owners } from '../clients/owners';
import type { ContactLogAction, ContactLogRecord, ContactLogRepository } from '../data/contact-logs';

const withNotes = (text: string, notes: string | null) => (notes ? `${text} Admin notes: ${notes}` : text);

/** The notes a decision left: asked from matching (the event carries none), or in an earlier event itself. */
export type DecisionNotes = { adminNotes: string | null; contactNote: string | null };

/**
 * The contact log action of a status change: the lifecycle's for its move. An event that names no
 * move can only be an earlier one (version 2 refuses it), of a move the product no longer makes:
 * such events never wrote an entry.
 */
const actionOf = (event: MatchRequestStatusChanged) => moveOf(event.data.from, event.data.to)?.contactLog;

/** Whether a status change writes an entry at all (the others need no notes asked for). */
export const writesEntry = (event: MatchRequestStatusChanged) => actionOf(event) !== undefined;

/** Whose erasure closed a request: the event's actor is the person who left. */
const erasedParty = (event: MatchRequestStatusChanged) =>
  event.data.actor.role === 'employer' ? "the company's" : "the candidate's";

/**
 * The contact log entry a status change writes (SPEC.md section 4): an approval says the
 * contact details were shared with the employer's company; the candidate's own decisions
 * (accept, decline, withdraw consent) are recorded with the candidate's code only. Keyed by the event id, so a
 * redelivered event cannot add a second entry.
 */
export function contactLogEntryFor(
  event: MatchRequestStatusChanged,
  companyName: string | null,
  { adminNotes, contactNote }: DecisionNotes,
): ContactLogRecord | null {
  const { candidateCode, actor, requestId, changedAt, employerId, candidateId } = event.data;
  const action = actionOf(event);
  if (!action) return null;
  const company = companyName ?? "the employer's company";
  const notes: Record<ContactLogAction, string> = {
    approved_match: withNotes(
      `Contact details of candidate ${candidateCode} were shared with ${company}.${contactNote ? ` Contact note for the employer: ${contactNote}` : ''}`,
      adminNotes,
    ),
    reverted_to_pending: withNotes(
      `The match between ${company} and candidate ${candidateCode} was reverted to pending.`,
      adminNotes,
    ),
    rejected_match: withNotes(
      `The request of ${company} for candidate ${candidateCode} was rejected.`,
      adminNotes,
    ),
    connected: withNotes(
      `${company} and candidate ${candidateCode} are connected: contact has been made.`,
      adminNotes,
    ),
    unmatched: `${company} unmatched from candidate ${candidateCode}.`,
    contact_made: '',
    note: '',
    candidate_accepted: `Candidate ${candidateCode} accepted the request of ${company}: it is now in the pending queue for review.`,
    candidate_declined: `Candidate ${candidateCode} declined the request of ${company}. The employer sees it as Not Approved, with no reason.`,
    consent_withdrawn: `Candidate ${candidateCode} withdrew consent for the request of ${company}: their contact details will not be shared.`,
    closed_on_erasure: `The request of ${company} for candidate ${candidateCode} was closed: ${erasedParty(event)} account was deleted. Nothing was shared.`,
  };
  return {
    id: event.id,
    requestId,
    action,
    notes: notes[action],
    actorUserId: actor.role === 'admin' ? actor.userId : null,
    createdAt: new Date(changedAt),
    employerId,
    candidateId,
  };
}

/**
 * Admins' e-mails by user id, asked from auth once and kept for a few minutes: there are
 * few admins, and the contact log is read often.
 */
export function createAdminEmails(owners: Owners, ttlMs = 5 * 60 * 1000) {
  const known = new Map<string, { email: string; at: number }>();
  return async (token: string, ids: string[]) => {
    const now = Date.now();
    const missing = ids.filter((id) => (known.get(id)?.at ?? Number.NEGATIVE_INFINITY) < now - ttlMs);
    if (missing.length > 0) {
      const { users } = await owners.users.lookup(token, missing);
      for (const user of users) known.set(user.id, { email: user.email, at: now });
    }
    return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!.email] as const] : [])));
  };
}

export type AdminEmails = ReturnType<typeof createAdminEmails>;

/**
 * A page of the log as admins read it, newest first, with the e-mail of the admin behind each
 * entry, and the cursor of the next page.
 */
export async function readContactLogPage(
  token: string,
  { limit, cursor }: ContactLogQuery,
  { contactLogs, adminEmails }: { contactLogs: ContactLogRepository; adminEmails: AdminEmails },
): Promise<ContactLogsAnswer> {
  const after = cursor && { createdAt: new Date(cursor.createdAt), id: cursor.id };
  const { entries, hasNext } = await contactLogs.page({ limit, after });
  const actors = [
    ...new Set(entries.map((entry) => entry.actorUserId).filter((id): id is string => id !== null)),
  ];
  const emailOf = await adminEmails(token, actors);
  const last = entries.at(-1);
  return {
    logs: entries.map((entry) =>
      toContactLogEntry(entry, entry.actorUserId ? (emailOf.get(entry.actorUserId) ?? null) : null),
    ),
    pagination: {
      hasNext,
      nextCursor:
        hasNext && last
          ? contactLogCursor.encode({ createdAt: last.createdAt.getTime(), id: last.id })
          : null,
    },
  };
}

export const toContactLogEntry = (entry: ContactLogRecord, adminEmail: string | null) => ({
  id: entry.id,
  action: entry.action,
  notes: entry.notes,
  request_id: entry.requestId,
  admin_email: adminEmail,
  created_at: entry.createdAt.toISOString(),
});

/**
 * An admin's own entry in the contact log (a call made, a note): for a request that exists
 * (its owner says so, with the admin's token), once per idempotency key.
 */
export function createManualEntries({
  contactLogs,
  owners,
  adminEmails,
  clock,
}: {
  contactLogs: ContactLogRepository;
  owners: Owners;
  adminEmails: AdminEmails;
  clock: Clock;
}) {
  return async (token: string, adminId: string, { requestId, action, notes }: ContactLogInput) => {
    // a request that does not exist is the owner's 404
    const { request } = await owners.requests.get(token, requestId);
    const id = idForCommand(randomUUID, 'contact-log');
    const entry: ContactLogRecord = {
      id,
      requestId,
      action,
      notes,
      actorUserId: adminId,
      createdAt: clock(),
      employerId: request.employer_id,
      candidateId: request.job_seeker_id,
    };
    // a retry of the same command finds the entry the first attempt wrote
    const written = (await contactLogs.add(entry)) ? entry : ((await contactLogs.find(id)) ?? entry);
    const adminEmail = (await adminEmails(token, [adminId])).get(adminId) ?? null;
    return toContactLogEntry(written, adminEmail);
  };
}
