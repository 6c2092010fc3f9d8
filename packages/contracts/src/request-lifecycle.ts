import type { ContactLogAction } from './admin';
import type { InterestDecision } from './interest';
import type { EmployerRequestStatus, EmployerVisibleStatus } from './matching';
import type { EmailKind } from './notifications';

// ─── One lifecycle for a match request ──────────────────────────────────────
// Every service and remote reads what a status means, and what a move does, from these two
// tables: a new status does not compile until each party's view of it is written down, and a
// move the table does not name cannot be made, nor published (the event's schema refuses it).

/** What a status means to each party. */
export type StatusRules = {
  /** The spec's status the employer is shown: the candidate's own steps look like the admin's. */
  employer: EmployerVisibleStatus;
  /** The status in the candidate's words, on their Interest page. */
  candidate: string;
  /** Whether the employer reads the team's notes: never after the candidate's own "no" (it has no reason). */
  employerReadsNotes: boolean;
  /** Whether the admin team reads and shows the candidate's name (the introduction is made). */
  revealsIdentity: boolean;
  /** While a request is open, its employer cannot ask for the same candidate again. */
  open: boolean;
};

export const requestStatusRules: Record<EmployerRequestStatus, StatusRules> = {
  awaiting_candidate: {
    employer: 'pending',
    candidate: 'Waiting for you',
    employerReadsNotes: true,
    revealsIdentity: false,
    open: true,
  },
  pending: {
    employer: 'pending',
    candidate: 'With our team',
    employerReadsNotes: true,
    revealsIdentity: false,
    open: true,
  },
  approved: {
    employer: 'approved',
    candidate: 'Introduced',
    employerReadsNotes: true,
    revealsIdentity: true,
    open: true,
  },
  connected: {
    employer: 'connected',
    candidate: 'Introduced',
    employerReadsNotes: true,
    revealsIdentity: true,
    open: true,
  },
  rejected: {
    employer: 'rejected',
    candidate: 'Closed',
    employerReadsNotes: true,
    revealsIdentity: false,
    open: false,
  },
  // a candidate's "no" looks like the admin's to the employer: nothing tells them apart
  declined: {
    employer: 'rejected',
    candidate: 'Declined',
    employerReadsNotes: false,
    revealsIdentity: false,
    open: false,
  },
  withdrawn: {
    employer: 'rejected',
    candidate: 'Declined',
    employerReadsNotes: false,
    revealsIdentity: false,
    open: false,
  },
  unmatched: {
    employer: 'unmatched',
    candidate: 'Closed',
    employerReadsNotes: true,
    revealsIdentity: false,
    open: false,
  },
  // a party's account was erased before anything was shared: nobody is left to introduce
  closed: {
    employer: 'rejected',
    candidate: 'Closed',
    employerReadsNotes: false,
    revealsIdentity: false,
    open: false,
  },
};

/** The employer's words for the statuses they are shown (SPEC.md section 5). */
const employerLabels: Record<EmployerVisibleStatus, string> = {
  pending: 'Pending Review',
  approved: 'Matched',
  rejected: 'Not Approved',
  connected: 'Connected',
  unmatched: 'Unmatched',
};

/** The status an employer's answers carry for a request in `status`. */
export const employerStatusOf = (status: EmployerRequestStatus): EmployerVisibleStatus =>
  requestStatusRules[status].employer;
/** A request's status as the employer reads it ('Pending Review' while it waits for the candidate). */
export const employerStatusLabel = (status: EmployerRequestStatus) =>
  employerLabels[employerStatusOf(status)];
/** A request's status in the candidate's words. */
export const interestStatusLabel = (status: EmployerRequestStatus) => requestStatusRules[status].candidate;
/** Whether the admin team reads and shows the candidate's name for a request in `status`. */
export const revealsIdentity = (status: EmployerRequestStatus) => requestStatusRules[status].revealsIdentity;
/** The statuses in which a request stays open. */
export const openRequestStatuses: readonly EmployerRequestStatus[] = (
  Object.keys(requestStatusRules) as EmployerRequestStatus[]
).filter((status) => requestStatusRules[status].open);

/**
 * Who makes a move: the admin team, the employer (unmatching), the candidate (their consent), or a
 * party's erasure (their account leaves: their open requests close).
 */
export type RequestActor = 'admin' | 'employer' | 'candidate' | 'erasure';
/** An e-mail a move sends, and to which party. The actor of a move is never e-mailed about it. */
export type MoveEmail = { kind: EmailKind; to: 'employer' | 'candidate' };

export type RequestMove = {
  from: EmployerRequestStatus;
  to: EmployerRequestStatus;
  by: RequestActor;
  /** The candidate's decision that makes it (the candidate's moves only). */
  decision?: InterestDecision;
  /** What the admin service's contact log writes for it. */
  contactLog: ContactLogAction;
  emails: readonly MoveEmail[];
};

const notApproved: MoveEmail = { kind: 'request.not-approved', to: 'employer' };

/** Every move a request can make after it was made (SPEC.md section 4, and the candidate's consent). */
export const requestMoves = [
  {
    from: 'pending',
    to: 'approved',
    by: 'admin',
    contactLog: 'approved_match',
    emails: [
      { kind: 'request.approved', to: 'employer' },
      { kind: 'request.introduced', to: 'candidate' },
    ],
  },
  { from: 'pending', to: 'rejected', by: 'admin', contactLog: 'rejected_match', emails: [notApproved] },
  { from: 'approved', to: 'pending', by: 'admin', contactLog: 'reverted_to_pending', emails: [] },
  // the explicit "contact was made" step
  { from: 'approved', to: 'connected', by: 'admin', contactLog: 'connected', emails: [] },
  { from: 'approved', to: 'unmatched', by: 'employer', contactLog: 'unmatched', emails: [] },
  {
    from: 'awaiting_candidate',
    to: 'pending',
    by: 'candidate',
    decision: 'accept',
    contactLog: 'candidate_accepted',
    emails: [],
  },
  {
    from: 'awaiting_candidate',
    to: 'declined',
    by: 'candidate',
    decision: 'decline',
    contactLog: 'candidate_declined',
    emails: [notApproved],
  },
  // consent withdrawn while the request is with the team, before anything is shared
  {
    from: 'pending',
    to: 'withdrawn',
    by: 'candidate',
    decision: 'withdraw',
    contactLog: 'consent_withdrawn',
    emails: [notApproved],
  },
  {
    from: 'awaiting_candidate',
    to: 'closed',
    by: 'erasure',
    contactLog: 'closed_on_erasure',
    emails: [notApproved],
  },
  { from: 'pending', to: 'closed', by: 'erasure', contactLog: 'closed_on_erasure', emails: [notApproved] },
] as const satisfies readonly RequestMove[];

/** The move from one status to another, if the lifecycle has one. */
export const moveOf = (from: EmployerRequestStatus, to: EmployerRequestStatus): RequestMove | undefined =>
  requestMoves.find((move) => move.from === from && move.to === to);

/** The moves an actor can make from a status. */
export const movesFrom = (status: EmployerRequestStatus, by: RequestActor): RequestMove[] =>
  requestMoves.filter((move) => move.from === status && move.by === by);

/** Where a new request waits, and the e-mail its candidate gets. */
export const requestStarts = {
  pending: { email: 'request.received' },
  // the candidate asked to be asked before their details are shared
  awaiting_candidate: { email: 'request.awaiting-candidate' },
} as const satisfies Partial<Record<EmployerRequestStatus, { email: EmailKind }>>;
export type RequestStart = keyof typeof requestStarts;
