import { z } from 'zod';
import { eventSchema } from './envelope';

/**
 * Topic `account-notices`, keyed by user id: what the auth service asks the notifications
 * service to send a person about their own account (a link; a changed password is told from the
 * `users` topic's `user.sessions-ended`, written with the change itself). No e-mail address and no secret travels
 * here: the notifications service asks auth for the address, and for a link's token, when it
 * sends (a link's token is never stored, only its hash: auth derives it again on request).
 * Kept two days: a reset link lives 30 minutes, a confirmation link 24 hours.
 */
export const accountNoticesTopic = 'account-notices';

export const ZPasswordResetRequested = eventSchema(
  'account.password-reset-requested',
  1,
  z.object({ linkId: z.uuid(), userId: z.uuid(), expiresAt: z.iso.datetime() }),
);
export type PasswordResetRequested = z.infer<typeof ZPasswordResetRequested>;

/** A confirmation link was made (after sign-up, or sent again): the notifications service sends it. */
export const ZEmailConfirmationRequested = eventSchema(
  'account.email-confirmation-requested',
  1,
  z.object({ linkId: z.uuid(), userId: z.uuid(), expiresAt: z.iso.datetime() }),
);
export type EmailConfirmationRequested = z.infer<typeof ZEmailConfirmationRequested>;

/** A change of address was asked: the notifications service sends the link to the new address (the link's). */
export const ZEmailChangeRequested = eventSchema(
  'account.email-change-requested',
  1,
  z.object({ linkId: z.uuid(), userId: z.uuid(), expiresAt: z.iso.datetime() }),
);
export type EmailChangeRequested = z.infer<typeof ZEmailChangeRequested>;

/**
 * The account's address changed through that link: the notifications service tells the old
 * address (asked from auth by the link's id, GET /internal/service/email-changes/:linkId).
 */
export const ZEmailChanged = eventSchema(
  'account.email-changed',
  1,
  z.object({ linkId: z.uuid(), userId: z.uuid(), changedAt: z.iso.datetime() }),
);
export type EmailChanged = z.infer<typeof ZEmailChanged>;

export const ZAccountNotice = z.discriminatedUnion('type', [
  ZPasswordResetRequested,
  ZEmailConfirmationRequested,
  ZEmailChangeRequested,
  ZEmailChanged,
]);
export type AccountNotice = z.infer<typeof ZAccountNotice>;

/**
 * GET /internal/service/account-links/:id (the notifications service only): the link's URL
 * token while the link is neither used nor expired (404 otherwise).
 */
export const accountLinkKinds = ['password-reset', 'email-confirmation', 'email-change'] as const;
export const ZAccountLinkKind = z.enum(accountLinkKinds);
export type AccountLinkKind = z.infer<typeof ZAccountLinkKind>;

export const accountLinksPath = '/internal/service/account-links';
export const ZAccountLinkAnswer = z.object({
  token: z.string(),
  kind: ZAccountLinkKind,
  userId: z.uuid(),
  expiresAt: z.iso.datetime(),
  /** Where the link goes: the new address of a change of address (the account's otherwise). */
  sendTo: z.email().optional(),
});
export type AccountLinkAnswer = z.infer<typeof ZAccountLinkAnswer>;

/**
 * GET /internal/service/email-changes/:linkId (the notifications service only): the address an
 * account had before the change that link made, for a week after it (404 otherwise).
 */
export const emailChangesPath = '/internal/service/email-changes';
export const ZEmailChangeAnswer = z.object({ userId: z.uuid(), previousEmail: z.email() });
export type EmailChangeAnswer = z.infer<typeof ZEmailChangeAnswer>;
