import { z } from 'zod';
import { ZAccessFor } from './access-reason';
import { emailConfirmationLinkHours } from './email-confirmation-messages';
import { lookupLimit, ZAccountType, ZId, ZUserStatus, ZUserType } from './primitives';

export const passwordTooShort = 'Password must be at least 6 characters long';
export const passwordsDoNotMatch = 'Passwords do not match';

const ZEmail = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, { message: 'Email is required' })
  .max(254, { message: 'Email must be at most 254 characters' })
  .pipe(z.email({ message: 'Please enter a valid email address' }));

const ZPassword = z
  .string({ message: 'Password is required' })
  .min(6, { message: passwordTooShort })
  .max(200, { message: 'Password must be at most 200 characters' });

/**
 * How long the gateway waits for the auth service, and the auth service's own budget for a
 * request: sign-up and sign-in hash a password on threads of lower priority, which wait their
 * turn when every core is busy (a registration and a sign-in took past 5 s in CI runs). The same
 * figure on both sides, or the service gives up (503) while the gateway would still wait.
 */
export const authTimeoutMs = 10_000;

/** Only job seekers and employers sign themselves up; the admin role is never offered. */
export const ZSelfRegisteredType = z.enum(['job_seeker', 'employer'], {
  message: 'Account type must be job_seeker or employer',
});

export const ZRegisterRequest = z.strictObject({
  email: ZEmail,
  password: ZPassword,
  userType: ZSelfRegisteredType.default('job_seeker'),
});
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The registration form adds a confirmation that never leaves the browser. */
export const ZRegisterForm = z
  .object({
    email: ZEmail,
    password: ZPassword,
    confirmPassword: z.string(),
    userType: ZSelfRegisteredType,
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof ZRegisterForm>;

export const ZLoginRequest = z.strictObject({
  email: ZEmail,
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' })
    .max(200),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZSessionUser = z.object({
  id: ZId,
  email: z.string(),
  userType: ZUserType,
  /** Whether the person confirmed the address through the link sent to it (the shell's banner). */
  emailConfirmed: z.boolean(),
});
export type SessionUser = z.infer<typeof ZSessionUser>;

export const ZAuthResponse = z.object({
  user: ZSessionUser,
  token: z.string(),
});
export type AuthResponse = z.infer<typeof ZAuthResponse>;

/** The claims of an access token the services read (iss and aud are checked by the verifier). */
export const ZTokenClaims = z.object({
  sub: ZId,
  role: ZAccountType,
  jti: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
  /** Issue time in milliseconds: a suspension in the same second as a sign-in must still win. */
  iat_ms: z.number().int(),
});
export type TokenClaims = z.infer<typeof ZTokenClaims>;

export const ZUserRecord = z.object({
  id: ZId,
  email: z.string(),
  user_type: ZUserType,
  status: ZUserStatus,
  created_at: z.iso.datetime(),
  email_confirmed: z.boolean(),
});
export type UserRecord = z.infer<typeof ZUserRecord>;

export const ZUserStatusChange = z.strictObject({
  status: z.enum(['active', 'suspended', 'deleted'], {
    message: 'Status must be active, suspended or deleted',
  }),
});
export type UserStatusChange = z.infer<typeof ZUserStatusChange>;

/**
 * Internal: the admin service asks the owner of accounts about several users at once, saying
 * why it reads each job seeker's e-mail (the auth service records every one it serves; a job
 * seeker named in no reason is recorded as read for account administration).
 */
export const ZUserLookup = z.strictObject({
  ids: z.array(ZId).max(lookupLimit),
  reasons: z.array(ZAccessFor).max(lookupLimit).default([]),
});
export type UserLookup = z.input<typeof ZUserLookup>;

/** Internal: accounts that are not deleted, by type (the admin's stats; no e-mail is read). */
export const ZUserCounts = z.object({
  counts: z.object({ job_seeker: z.number().int(), employer: z.number().int(), admin: z.number().int() }),
});
export const ZUserRecords = z.object({ users: z.array(ZUserRecord) });

export const ZMeResponse = z.object({ user: ZSessionUser });

/** A password on the list of the most common ones (checked by the auth service). */
export const commonPasswordMessage =
  'This password is one of the most commonly used and easy to guess. Please choose another one.';

/** POST /api/auth/logout: the session of the token that asks ends. */
export const ZLogoutAnswer = z.object({ message: z.string() });
export const signedOutMessage = 'You have been signed out.';

// ─── Forgot password ─────────────────────────────────

/** How long a password reset link works. */
export const passwordResetLinkMinutes = 30;

/** POST /api/auth/forgot-password: the same answer whether or not an account uses the address. */
export const ZForgotPasswordRequest = z.strictObject({ email: ZEmail });
export type ForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** POST /api/auth/reset-password: the token of the link, and the new password (sign-up's rules). */
export const ZResetPasswordRequest = z.strictObject({
  token: z
    .string({ message: 'This link is not complete. Please open the link from the e-mail again.' })
    .min(1, { message: 'This link is not complete. Please open the link from the e-mail again.' })
    .max(200),
  password: ZPassword,
});
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The reset form adds a confirmation that never leaves the browser. */
export const ZResetPasswordForm = z
  .object({ password: ZPassword, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

export const passwordResetMessages = {
  /** The one answer to every request for a link, known address or not. */
  requested: `If an account uses this address, we have sent it a link to choose a new password. The link works once, for ${passwordResetLinkMinutes} minutes. Please check your inbox.`,
  done: 'Your password was changed, and every device signed in to your account was signed out. Please sign in with your new password.',
  /** A link that was used, has expired, or was never issued: the same words for each. */
  invalidLink: 'This link is not valid any more: it was used, or it has expired. Please ask for a new one.',
  tooMany: 'Too many requests for a password reset. Please wait a while and try again.',
} as const;
export const ZPasswordResetAnswer = z.object({ message: z.string() });

// ─── Account settings ────────────────────────────────

/** POST /api/auth/change-password (signed in): the current password, and the new one (sign-up's rules). */
export const ZChangePasswordRequest = z.strictObject({
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, { message: 'Current password is required' })
    .max(200),
  newPassword: ZPassword,
});
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The change-password form adds a confirmation that never leaves the browser. */
export const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, { message: 'Current password is required' }),
    newPassword: ZPassword,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

export const accountSettingsMessages = {
  passwordChanged:
    'Your password was changed successfully. Every other device signed in to your account was signed out.',
  signedOutElsewhere: 'Every other device signed in to your account was signed out successfully.',
  wrongCurrentPassword: 'Your current password is not correct',
} as const;

/** What both answer: the message, and a new session for this browser (the others have ended). */
export const ZAccountSessionAnswer = z.object({ message: z.string(), user: ZSessionUser, token: z.string() });
export type AccountSessionAnswer = z.infer<typeof ZAccountSessionAnswer>;

// ─── Service accounts (internal: never routed by the gateway) ───────────────

/** A service account's name, as configured in the auth service's `SERVICE_ACCOUNTS`. */
export const ZServiceAccountName = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, { message: 'must be a lower-case name (a-z, 0-9, -)' });

/** POST /internal/service-tokens: a service asks for a short-lived token with its own secret. */
export const ZServiceTokenRequest = z.strictObject({
  account: ZServiceAccountName,
  secret: z.string().min(32, { message: 'secret must be at least 32 characters' }).max(512),
});
export type ServiceTokenRequest = z.infer<typeof ZServiceTokenRequest>;
export const ZServiceTokenAnswer = z.object({ token: z.string(), expiresIn: z.number().int().positive() });
export type ServiceTokenAnswer = z.infer<typeof ZServiceTokenAnswer>;

/**
 * GET /internal/session, with the token in question as the bearer: the auth service answers
 * from its own database whether the token's account is active and its session not ended (401
 * otherwise). Asked by a process whose registry of users cannot answer for a token yet (it
 * started while Kafka was down, or the user's registration has not reached it).
 */
export const sessionStandingPath = '/internal/session';
export const ZSessionStanding = z.strictObject({ status: z.literal('active') });
export type SessionStanding = z.infer<typeof ZSessionStanding>;

// ─── A confirmed e-mail address ──────────────────────

export { emailConfirmationLinkHours, emailConfirmationMessages } from './email-confirmation-messages';

/** POST /api/auth/confirm-email: the token of the link sent after sign-up (or sent again). */
export const ZConfirmEmailRequest = z.strictObject({
  token: z
    .string({ message: 'This link is not complete. Please open the link from the e-mail again.' })
    .min(1, { message: 'This link is not complete. Please open the link from the e-mail again.' })
    .max(200),
});
export type ConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;

/** What confirming answers: the message, and whether the address is now confirmed. */
export const ZConfirmEmailAnswer = z.object({ message: z.string(), emailConfirmed: z.literal(true) });
export const ZResendConfirmationAnswer = z.object({ message: z.string() });

// ─── Change of e-mail (Account settings) ─────────────────────

/**
 * POST /api/auth/email-change: a link goes to the new address, and the account's address
 * changes when it is opened (POST /api/auth/confirm-email with its token); the old address is
 * told then. Needs the current password, like a new password.
 */
export const ZChangeEmailRequest = z.strictObject({
  newEmail: ZEmail,
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, { message: 'Current password is required' })
    .max(200),
});
export type ChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;

export const emailChangeMessages = {
  /** Shown as a success ("successfully" is what the forms' notices take for one). */
  sent: `A link was sent successfully to your new address. Your e-mail address changes when you open it, within ${emailConfirmationLinkHours} hours.`,
  changed: 'Your e-mail address was changed successfully. Use the new one to sign in.',
  sameAddress: 'This is already your e-mail address',
  /** A link that was used, has expired, was replaced by a newer one, or was never issued. */
  invalidLink:
    'This link is not valid any more: it was used, it has expired, or a newer one was sent. Please ask for the change again.',
} as const;
export const ZChangeEmailAnswer = z.object({ message: z.string() });
export type ChangeEmailAnswer = z.infer<typeof ZChangeEmailAnswer>;

// ─── Sessions (Account settings) ─────────────────────

/** GET /api/auth/sessions: the account's sessions that still work, newest first. */
export const ZSessionView = z.object({
  id: z.string(),
  /** The browser and system it was opened with, from its User-Agent ("Chrome on Linux"). */
  device: z.string(),
  signedInAt: z.iso.datetime(),
  /** The last time this browser opened the product (the shell confirms its session at each start). */
  lastUsedAt: z.iso.datetime(),
  /** The session of the browser that asks. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof ZSessionView>;
export const ZSessionsAnswer = z.object({ sessions: z.array(ZSessionView) });

export const sessionListMessages = {
  signedOut: 'That device was signed out.',
  unknown: 'This session has ended already.',
} as const;
export const ZSessionEndedAnswer = z.object({ message: z.string() });
