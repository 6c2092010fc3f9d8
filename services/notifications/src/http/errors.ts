import {
  type EmailKind,
  emailKindInfo,
  missingPlaceholderMessage,
  notificationMessages,
  unknownPlaceholderMessage,
} from '@meritmatch/contracts';
import { ApiError, domainErrorMapper, notFound } from '@meritmatch/service-kit';
import type { PreferenceErrorReason } from '../domain/preferences';
import type { TemplateErrorReason } from '../use-cases/templates';

type Reason =
  | TemplateErrorReason
  | PreferenceErrorReason
  | 'template.missing'
  | 'settings.missing'
  | 'preferences.missing'
  | 'delivery.missing';

const invalid = (path: string, message: string) =>
  new ApiError('VALIDATION_FAILED', message, [{ path, message }]);

/** The notifications domain's refusals as the API answers them. */
export const notificationErrors = domainErrorMapper<Reason>({
  'template.unknown-placeholder': ({ kind, field, name, missing }) =>
    invalid(
      String(field),
      missing
        ? missingPlaceholderMessage(String(name))
        : unknownPlaceholderMessage(String(name), kind as EmailKind),
    ),
  'preference.always-sent': () => invalid('kind', notificationMessages.securityAlwaysSent),
  'preference.not-for-you': ({ kind }) =>
    invalid(
      'kind',
      `${emailKindInfo[kind as EmailKind]?.label ?? 'This e-mail'} is not sent to your account type`,
    ),
  'template.missing': () => notFound('Email template not found'),
  'settings.missing': () => notFound('System settings not found'),
  'preferences.missing': () => notFound('E-mail settings not found'),
  'delivery.missing': () => notFound('Delivery not found'),
});
