import type {
  AccountNotice,
  EmailKind,
  EmployerSnapshot,
  MatchRequestEvent,
  RequestEventStatus,
  UserEvent,
} from '@meritmatch/contracts';

/**
 * Who an e-mail is for: a user (employers, and anyone for security messages), or a candidate,
 * whose user id and name the profile service tells (match request events name the candidate).
 */
export type Recipient = { type: 'user'; userId: string } | { type: 'candidate'; candidateId: string };

/**
 * What an event tells an e-mail, kept with its delivery. Nothing personal: ids and the anonymous
 * code. Names and addresses are asked from their owners when the e-mail is sent, and so are the
 * employer's message and the admin's contact note (matching keeps them, and erases them with
 * either party: `textsAtMatching`). Deliveries of earlier events may hold the company's name, the
 * message or the note themselves, as those events did.
 */
export type DeliveryFacts = {
  requestId?: string;
  employerId?: string;
  candidateId?: string;
  candidateCode?: string;
  companyName?: string;
  contactNote?: string | null;
  employerMessage?: string | null;
  /** The retention limit's months without sign-in (the reminder says them). */
  inactiveMonths?: number;
  /** The employer's message or the contact note is asked from matching, by the delivery's event id. */
  textsAtMatching?: boolean;
  /** A reset link's id: its token is asked from auth when the e-mail is sent, never kept here. */
  linkId?: string;
};

/** One e-mail an event asks for. */
export type Notification = { kind: EmailKind; recipient: Recipient; facts: DeliveryFacts };

/** A key for the recipient, part of the delivery's id (event id and recipient). */
export const recipientKey = (recipient: Recipient) =>
  recipient.type === 'user' ? `user:${recipient.userId}` : `candidate:${recipient.candidateId}`;

/** The candidate sees a request as introduced from approval on (approved, then connected). */
const introduced: ReadonlySet<RequestEventStatus> = new Set(['approved', 'connected']);
/** What the employer reads as 'Not Approved', and is told without a reason. */
const notApproved: ReadonlySet<RequestEventStatus> = new Set(['rejected', 'declined', 'withdrawn']);

/** A text an earlier event carried itself, or a note that matching has it (the event says whether). */
const texts = (
  carried: string | null | undefined,
  atMatching: boolean | undefined,
  field: 'employerMessage' | 'contactNote',
): Pick<DeliveryFacts, 'employerMessage' | 'contactNote' | 'textsAtMatching'> =>
  carried !== undefined ? { [field]: carried } : atMatching ? { textsAtMatching: true } : {};

/**
 * The e-mails a match request event asks for:
 * - a new request: to the candidate, saying whether it waits for their answer;
 * - approved: to the employer with the admin's contact note, and to the candidate (introduced);
 * - connected without an approval before it: to the candidate (introduced once, not twice);
 * - rejected, declined or withdrawn: to the employer ('Not Approved', no reason).
 * Reverting, unmatching and the candidate's accepting ask for none.
 */
export function notificationsForMatchRequest(event: MatchRequestEvent): Notification[] {
  const candidate: Recipient = { type: 'candidate', candidateId: event.data.candidateId };
  const employer: Recipient = { type: 'user', userId: event.data.employerId };
  const request = {
    requestId: event.data.requestId,
    employerId: event.data.employerId,
    candidateId: event.data.candidateId,
    candidateCode: event.data.candidateCode,
    // earlier events named the company; else the sender asks the profile service
    ...(event.data.companyName ? { companyName: event.data.companyName } : {}),
  };
  if (event.type === 'match.request.created') {
    const waitsForCandidate = event.data.status === 'awaiting_candidate';
    return [
      {
        kind: waitsForCandidate ? 'request.awaiting-candidate' : 'request.received',
        recipient: candidate,
        facts: { ...request, ...texts(event.data.message, event.data.withMessage, 'employerMessage') },
      },
    ];
  }
  const { from, to, contactNote, withNotes } = event.data;
  const notifications: Notification[] = [];
  if (to === 'approved') {
    notifications.push({
      kind: 'request.approved',
      recipient: employer,
      facts: { ...request, ...texts(contactNote, withNotes, 'contactNote') },
    });
  }
  if (introduced.has(to) && !introduced.has(from)) {
    notifications.push({ kind: 'request.introduced', recipient: candidate, facts: request });
  }
  if (notApproved.has(to)) {
    notifications.push({ kind: 'request.not-approved', recipient: employer, facts: request });
  }
  return notifications;
}

/** Security messages: a suspension, and a suspended or deleted account made active again. */
export function notificationsForUser(event: UserEvent): Notification[] {
  if (event.type === 'user.sessions-ended') {
    // a new password (reset or changed) is told to the person, whoever they are (an admin too);
    // signing out the other devices is the person's own doing, said on the screen
    if (event.data.reason === 'signed-out-elsewhere') return [];
    return [
      { kind: 'account.password-changed', recipient: { type: 'user', userId: event.data.userId }, facts: {} },
    ];
  }
  if (event.type === 'user.activity-changed') {
    // the retention limit's reminder, a month before the account leaves search
    if (event.data.stage !== 'reminded') return [];
    return [
      {
        kind: 'account.retention-reminder',
        recipient: { type: 'user', userId: event.data.userId },
        facts: { inactiveMonths: event.data.inactiveMonths },
      },
    ];
  }
  if (event.type !== 'user.status-changed') return [];
  const { userId, userType, status, previousStatus } = event.data;
  if (userType !== 'job_seeker' && userType !== 'employer') return [];
  const recipient: Recipient = { type: 'user', userId };
  if (status === 'suspended' && previousStatus !== 'suspended') {
    return [{ kind: 'account.suspended', recipient, facts: {} }];
  }
  if (status === 'active' && previousStatus !== 'active') {
    return [{ kind: 'account.restored', recipient, facts: {} }];
  }
  return [];
}

/** What this service keeps of a company to see its verification change: the last state it saw. */
export type KnownCompany = { verified: boolean; version: number };

/**
 * Verified or revoked, by comparing with the state seen before. A company seen for the first
 * time (this service started after it was made) gets no e-mail: what changed is not known.
 */
export function notificationsForCompany(known: KnownCompany | null, next: EmployerSnapshot): Notification[] {
  if (!known || known.verified === next.verified) return [];
  return [
    {
      kind: next.verified ? 'employer.verified' : 'employer.verification-revoked',
      recipient: { type: 'user', userId: next.employerId },
      facts: { employerId: next.employerId, companyName: next.companyName },
    },
  ];
}

/** What auth asks to be sent about an account: a link (its token is asked for at sending). */
const accountNoticeKinds = {
  'account.password-reset-requested': 'account.password-reset',
  'account.email-confirmation-requested': 'account.email-confirmation',
  'account.email-change-requested': 'account.email-change',
  'account.email-changed': 'account.email-changed',
} as const satisfies Record<AccountNotice['type'], EmailKind>;

/** What auth asks to be sent about an account: a link (its token is asked for at sending), or a change. */
export function notificationsForAccountNotice(event: AccountNotice): Notification[] {
  const { linkId, userId } = event.data;
  return [{ kind: accountNoticeKinds[event.type], recipient: { type: 'user', userId }, facts: { linkId } }];
}
