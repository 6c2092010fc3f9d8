import type { AdminDecisionStatus, AdminQueueTab } from '@meritmatch/contracts';

export type DecisionKind = 'approve' | 'reject' | 'revert' | 'connect';

export type Decision = {
  kind: DecisionKind;
  /** The status the request moves to. */
  to: AdminDecisionStatus;
  /** The button's text. */
  label: string;
  /** The dialog's title and confirm button. */
  title: string;
  confirmLabel: string;
  explanation: string;
  adminNotes: boolean;
  contactNote: boolean;
  variant: 'primary' | 'secondary' | 'danger' | 'success';
};

/**
 * The admin's moves (SPEC.md section 4): pending → approved | rejected, approved → pending | connected.
 * A request waiting for the candidate's consent has none until the candidate accepts it.
 */
export const decisionsFor: Record<AdminQueueTab, readonly Decision[]> = {
  pending: [
    {
      kind: 'approve',
      to: 'approved',
      label: 'Approve',
      title: 'Approve match request',
      confirmLabel: 'Approve',
      explanation:
        "The employer will see the request as Matched with your notes, and a contact log entry is written. The candidate's contact details stay with the admin team.",
      adminNotes: true,
      contactNote: true,
      variant: 'success',
    },
    {
      kind: 'reject',
      to: 'rejected',
      label: 'Reject',
      title: 'Reject match request',
      confirmLabel: 'Reject',
      explanation: 'The employer will see the request as Not Approved.',
      adminNotes: true,
      contactNote: false,
      variant: 'danger',
    },
  ],
  approved: [
    {
      kind: 'connect',
      to: 'connected',
      label: 'Mark as Connected',
      title: 'Mark as connected',
      confirmLabel: 'Mark as Connected',
      explanation: 'Use this once the introduction has happened: contact has been made between both sides.',
      adminNotes: true,
      contactNote: false,
      variant: 'primary',
    },
    {
      kind: 'revert',
      to: 'pending',
      label: 'Revert to Pending',
      title: 'Revert to pending',
      confirmLabel: 'Revert to Pending',
      explanation:
        'The request goes back to the pending queue and the employer sees it as Pending Review again. A contact log entry is written.',
      adminNotes: false,
      contactNote: false,
      variant: 'secondary',
    },
  ],
  rejected: [],
  connected: [],
  awaiting_candidate: [],
};
