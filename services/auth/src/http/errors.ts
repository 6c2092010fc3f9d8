import {
  accountSettingsMessages,
  commonPasswordMessage,
  emailChangeMessages,
  emailConfirmationMessages,
  erasureMessages,
  passwordResetMessages,
  sessionListMessages,
} from '@meritmatch/contracts';
import { ApiError, conflict, domainErrorMapper, notFound } from '@meritmatch/service-kit';
import type { AccountErrorReason } from '../domain/account';

export const invalidCredentials = 'Invalid email or password';
export const adminProtected = 'Admin accounts cannot be suspended or deleted for security reasons.';

const statusRefusals: Record<string, string> = {
  suspended: 'Your account has been suspended. Please contact support.',
  deleted: 'This account has been deleted. Please contact support to restore it.',
  erased: "This account was deleted at its owner's request, and its data is being erased.",
};

/** The account domain's refusals as the API answers them. */
export const authErrors = domainErrorMapper<AccountErrorReason>({
  'account.invalid-credentials': () => new ApiError('UNAUTHENTICATED', invalidCredentials),
  'account.not-active': ({ status }) =>
    new ApiError('FORBIDDEN', statusRefusals[String(status)] ?? 'Your account is not active.'),
  'account.email-taken': () => conflict('An account with this email already exists'),
  'account.not-found': () => notFound('User not found'),
  'account.admin-protected': () => new ApiError('FORBIDDEN', adminProtected),
  'service.invalid-credentials': () => new ApiError('UNAUTHENTICATED', 'Invalid service credentials'),
  'reset.invalid-link': () =>
    new ApiError('VALIDATION_FAILED', passwordResetMessages.invalidLink, [
      { path: 'token', message: passwordResetMessages.invalidLink },
    ]),
  'confirmation.invalid-link': () =>
    new ApiError('VALIDATION_FAILED', emailConfirmationMessages.invalidLink, [
      { path: 'token', message: emailConfirmationMessages.invalidLink },
    ]),
  'email-change.same-address': () =>
    new ApiError('VALIDATION_FAILED', emailChangeMessages.sameAddress, [
      { path: 'newEmail', message: emailChangeMessages.sameAddress },
    ]),
  'email-change.invalid-link': () =>
    new ApiError('VALIDATION_FAILED', emailChangeMessages.invalidLink, [
      { path: 'token', message: emailChangeMessages.invalidLink },
    ]),
  'session.not-found': () => notFound(sessionListMessages.unknown),
  'erasure.in-progress': () => conflict(erasureMessages.inProgress),
  'erasure.wrong-password': () =>
    new ApiError('VALIDATION_FAILED', accountSettingsMessages.wrongCurrentPassword, [
      { path: 'password', message: accountSettingsMessages.wrongCurrentPassword },
    ]),
  'confirmation.already-confirmed': () => conflict(emailConfirmationMessages.alreadyConfirmed),
  // a 400 and not a 401: a 401 would sign the browser out
  'account.wrong-current-password': () =>
    new ApiError('VALIDATION_FAILED', accountSettingsMessages.wrongCurrentPassword, [
      { path: 'currentPassword', message: accountSettingsMessages.wrongCurrentPassword },
    ]),
  'password.common': ({ path }) =>
    new ApiError('VALIDATION_FAILED', commonPasswordMessage, [
      { path: typeof path === 'string' ? path : 'password', message: commonPasswordMessage },
    ]),
});
