import { type ContactLogAction, type MatchRequestStatusChanged, moveOf } from '@meritmatch/contracts';

export type { ContactLogAction };

/** One entry of the contact log, as the log keeps it. */
export type ContactLogRecord = {
  /** The event's id for entries written from events (a redelivery cannot add a second one). */
  id: string;
  requestId: string;
  action: ContactLogAction;
  notes: string;
  actorUserId: string | null;
  createdAt: Date;
  /** The request's parties, by id: an erasure finds the entries of its person by them (null on an entry not yet told). */
  employerId?: string | null;
  candidateId?: string | null;
};

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
