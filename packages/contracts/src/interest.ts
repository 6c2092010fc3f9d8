import { z } from 'zod';
import { companySizes, industries } from './employer';
import { employerRequestStatuses } from './matching';
import { ZRequestPosition } from './positions';
import { ZId } from './primitives';

// ─── Interest: who asked for me ──────────────────────────────────

/** The candidate's own moves: accept or decline a request waiting for them, withdraw consent while it is pending. */
export const interestDecisions = ['accept', 'decline', 'withdraw'] as const;
export type InterestDecision = (typeof interestDecisions)[number];

export const ZInterestDecisionInput = z.strictObject({
  decision: z.enum(interestDecisions, { message: 'Decision must be accept, decline or withdraw' }),
});
export type InterestDecisionInput = z.input<typeof ZInterestDecisionInput>;

/**
 * A match request as the candidate sees it. The company is not anonymous to the candidate; the
 * candidate stays anonymous to the company until introduced. Strict, like every answer of the
 * matching service.
 */
export const ZInterestRequest = z.strictObject({
  id: ZId,
  company_name: z.string().nullable(),
  industry: z.enum(industries).nullable(),
  company_size: z.enum(companySizes).nullable(),
  message: z.string().nullable(),
  /** The position the request names, as it was when sent. */
  position: ZRequestPosition.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(employerRequestStatuses),
  status_label: z.string(),
  /** What the candidate can do with it now. */
  decisions: z.array(z.enum(interestDecisions)),
});
export type InterestRequest = z.infer<typeof ZInterestRequest>;
export const ZInterestAnswer = z.strictObject({ requests: z.array(ZInterestRequest) });
export const ZInterestWriteAnswer = z.strictObject({ message: z.string(), request: ZInterestRequest });

export const interestTexts = {
  title: 'Interest',
  intro:
    'Companies that asked to be introduced to you. They see only your anonymous code until you are introduced.',
  empty: 'No requests yet.',
  emptyHint: 'When a company asks to be introduced to you, it appears here.',
  failed: 'Error updating the request',
} as const;

export const interestMessages: Record<InterestDecision, string> = {
  accept: 'Request accepted successfully! Our team will review it before anything is shared.',
  decline: 'Request declined successfully. The company sees only that it was not approved.',
  withdraw: 'Consent withdrawn successfully. Your details will not be shared.',
};

export const interestDecisionLabels: Record<InterestDecision, string> = {
  accept: 'Accept',
  decline: 'Decline',
  withdraw: 'Withdraw consent',
};

export const confirmInterestDecision = (decision: InterestDecision, company: string) =>
  ({
    accept: `Accept the request from ${company}? Our team reviews it and may then share your contact details with ${company}.`,
    decline: `Decline the request from ${company}? ${company} sees only that it was not approved. This cannot be undone.`,
    withdraw: `Withdraw your consent for ${company}? The request is closed and your details are not shared. This cannot be undone.`,
  })[decision];
