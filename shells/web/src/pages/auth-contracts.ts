/**
 * The contracts the sign-in, registration and password reset pages check with, in a chunk of their own that
 * loads when someone starts filling a form in (or submits it): zod is most of those pages'
 * script, and nothing needs it to paint or hydrate them. Import it only through
 * `loadAuthContracts` (AuthCard.tsx): a static import would put zod back into the pages.
 */
/** "Delete my account" answers `{ message }`, the same shape as a session ended. */
export {
  ZAccountSessionAnswer,
  ZAuthResponse,
  ZChangeEmailAnswer,
  ZChangeEmailRequest,
  ZChangePasswordForm,
  ZConfirmEnrolmentAnswer,
  ZEraseAccountRequest,
  ZForgotPasswordRequest,
  ZLoginAnswer,
  ZLoginRequest,
  ZPasswordResetAnswer,
  ZRegisterForm,
  ZResetPasswordForm,
  ZSecondFactorEnrolment,
  ZSecondFactorSignInAnswer,
  ZSecondFactorStatus,
  ZSessionEndedAnswer,
  ZSessionEndedAnswer as ZAccountErasedAnswer,
  ZSessionsAnswer,
} from '@meritmatch/contracts';
