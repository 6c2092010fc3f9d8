import {
  type AccountNotice,
  type EmailKind,
  type EmployerSnapshot,
  type MatchRequestEvent,
  type MoveEmail,
  moveOf,
  requestStarts,
  type SearchDigestReady,
  type UserEvent,
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
  /** A saved search's digest: its id (the name is asked from matching as the e-mail goes), the codes and matched skills. */
  savedSearchId?: string;
  digestCandidates?: { code: string; matchedSkills: string[] }[];
  digestMore?: number;
};

/** One e-mail an event asks for. */
export type Notification = { kind: EmailKind; recipient: Recipient; facts: DeliveryFacts };

/** A key for the recipient, part of the delivery's id (event id and recipient). */
export const recipientKey = (recipient: Recipient) =>
  recipient.type === 'user' ? `user:${recipient.userId}` : `candidate:${recipient.candidateId}`;

/** A text an earlier event carried itself, or a note that matching has it (the event says whether). */
const texts = (
  carried: string | null | undefined,
  atMatching: boolean,
  field: 'employerMessage' | 'contactNote',
): Pick<DeliveryFacts, 'employerMessage' | 'contactNote' | 'textsAtMatching'> =>
  carried !== undefined ? { [field]: carried } : atMatching ? { textsAtMatching: true } : {};

/**
 * The e-mails a match request event asks for, as the lifecycle says (`requestStarts` and
 * `requestMoves`): a new request to its candidate, saying whether it waits for their answer; a
 * move's e-mails to its parties (an approval to both, a "Not Approved" to the employer). The
 * employer's approval e-mail carries the admin's contact note. Nobody is e-mailed about their own
 * move (a party whose erasure closed the request is gone).
 */
export function notificationsForMatchRequest(event: MatchRequestEvent): Notification[] {
  const parties: Record<MoveEmail['to'], Recipient> = {
    candidate: { type: 'candidate', candidateId: event.data.candidateId },
    employer: { type: 'user', userId: event.data.employerId },
  };
  const { carried } = event;
  const request = {
    requestId: event.data.requestId,
    employerId: event.data.employerId,
    candidateId: event.data.candidateId,
    candidateCode: event.data.candidateCode,
    // earlier events named the company; else the sender asks the profile service
    ...(carried?.companyName ? { companyName: carried.companyName } : {}),
  };
  if (event.type === 'match.request.created') {
    return [
      {
        kind: requestStarts[event.data.status].email,
        recipient: parties.candidate,
        facts: {
          ...request,
          ...texts(carried?.message, event.data.withMessage, 'employerMessage'),
          // the position a request names is asked from matching like the message
          ...(event.data.withPosition ? { textsAtMatching: true } : {}),
        },
      },
    ];
  }
  const { from, to, actor, withNotes } = event.data;
  const move = moveOf(from, to);
  if (!move) return [];
  return move.emails
    .filter((email) => !(email.to === 'employer' && actor.userId === event.data.employerId))
    .map((email) => ({
      kind: email.kind,
      recipient: parties[email.to],
      facts:
        email.kind === 'request.approved'
          ? { ...request, ...texts(carried?.contactNote, withNotes, 'contactNote') }
          : request,
    }));
}

/** A saved search's new candidates, to its employer (who may turn the kind off like any other). */
export function notificationsForSearchDigest(event: SearchDigestReady): Notification[] {
  const { employerId, searchId, candidates, more } = event.data;
  return [
    {
      kind: 'search.digest',
      recipient: { type: 'user', userId: employerId },
      facts: { employerId, savedSearchId: searchId, digestCandidates: candidates, digestMore: more },
    },
  ];
}

/** A digest's candidates as the e-mail lists them: a line each, and how many more search shows. */
export function candidateListText(candidates: { code: string; matchedSkills: string[] }[], more: number) {
  const lines = candidates.map(({ code, matchedSkills }) =>
    matchedSkills.length > 0 ? `${code}: ${matchedSkills.join(', ')}` : code,
  );
  if (more > 0) lines.push(`and ${more} more in Search Candidates`);
  return lines.join('\n');
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
