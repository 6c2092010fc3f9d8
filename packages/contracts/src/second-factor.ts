import { z } from 'zod';
import { ZAuthResponse } from './auth';

// ─── A second factor for admins (TOTP, RFC 6238) ─────────────

/** Digits of a code from the authenticator app, and the seconds each code lives. */
export const secondFactorDigits = 6;
export const secondFactorPeriodSeconds = 30;
/** Recovery codes given at enrolment, each usable once. */
export const recoveryCodeCount = 10;
/** How long the step after the password may take (enrolment included). */
export const secondFactorChallengeSeconds = 10 * 60;

/** Whether admins must have a second factor (`ADMIN_SECOND_FACTOR` of the auth service). */
export const ZSecondFactorPolicy = z.enum(['required', 'optional']);
export type SecondFactorPolicy = z.infer<typeof ZSecondFactorPolicy>;

export const secondFactorMessages = {
  /** The sign-in step after the password. */
  prompt: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  /** The sign-in step of an admin who must set a second factor up first. */
  enrolmentNeeded:
    'Admins sign in with a second factor. Scan the QR code with an authenticator app (or type the key in), then enter the 6-digit code it shows.',
  codeRequired: 'Enter the code',
  /** A wrong code, an old one, one used already, or a used recovery code: the same words for each. */
  wrongCode: 'This code is not correct, or it was used already. Please try again.',
  /** The step took too long, or the account changed meanwhile (a new password). */
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  tooMany: 'Too many wrong codes. Please wait a few minutes and try again.',
  enrolled:
    'Your second factor is on. Keep these recovery codes somewhere safe: each works once, in place of a code, if you lose your phone. They are shown only now.',
  notEnrolled: 'A second factor is not set up yet.',
  required: 'Admins must use a second factor on this installation.',
} as const;

/** A code as typed: six digits from the app, or a recovery code (spaces and dashes are ignored). */
export const ZSecondFactorCode = z
  .string({ message: secondFactorMessages.codeRequired })
  .trim()
  .min(1, { message: secondFactorMessages.codeRequired })
  .max(64, { message: secondFactorMessages.wrongCode });

/** What POST /api/auth/login answers an admin whose password is right and who has (or needs) a second factor. */
export const ZSecondFactorChallenge = z.object({
  /** Signed and short-lived: it names the account and holds no session. */
  challenge: z.string(),
  expiresInSeconds: z.number().int().positive(),
  /** True when the admin must set the factor up now (the step then enrols). */
  enrolmentNeeded: z.boolean(),
});
export type SecondFactorChallenge = z.infer<typeof ZSecondFactorChallenge>;
export const ZSecondFactorChallengeAnswer = z.object({ secondFactor: ZSecondFactorChallenge });

/** POST /api/auth/login answers a session, or the second step. */
export const ZLoginAnswer = z.union([ZAuthResponse, ZSecondFactorChallengeAnswer]);
export type LoginAnswer = z.infer<typeof ZLoginAnswer>;

/** POST /api/auth/login/second-factor: the challenge and a code. */
export const ZSecondFactorSignInRequest = z.strictObject({
  challenge: z.string({ message: secondFactorMessages.challengeExpired }).min(1).max(1000),
  code: ZSecondFactorCode,
});
export type SecondFactorSignInRequest = z.infer<typeof ZSecondFactorSignInRequest>;

/** The session, and the recovery codes when the step just enrolled the factor (shown once). */
export const ZSecondFactorSignInAnswer = ZAuthResponse.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
export type SecondFactorSignInAnswer = z.infer<typeof ZSecondFactorSignInAnswer>;

/** POST /api/auth/login/second-factor/enrolment: the challenge of an admin who must enrol. */
export const ZChallengeEnrolmentRequest = z.strictObject({
  challenge: z.string({ message: secondFactorMessages.challengeExpired }).min(1).max(1000),
});

/** A new authenticator to confirm: the key as text, the otpauth URI, and the URI as a QR code (PNG data URL). */
export const ZSecondFactorEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string().startsWith('data:image/png;base64,'),
});
export type SecondFactorEnrolment = z.infer<typeof ZSecondFactorEnrolment>;

/** GET /api/auth/second-factor (admins). */
export const ZSecondFactorStatus = z.object({
  enrolled: z.boolean(),
  enrolledAt: z.iso.datetime().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
  policy: ZSecondFactorPolicy,
});
export type SecondFactorStatus = z.infer<typeof ZSecondFactorStatus>;

/** POST /api/auth/second-factor/enrolment/confirm (admins): a code from the new authenticator. */
export const ZConfirmEnrolmentRequest = z.strictObject({ code: ZSecondFactorCode });
export type ConfirmEnrolmentRequest = z.infer<typeof ZConfirmEnrolmentRequest>;
export const ZConfirmEnrolmentAnswer = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()).length(recoveryCodeCount),
});
export type ConfirmEnrolmentAnswer = z.infer<typeof ZConfirmEnrolmentAnswer>;
