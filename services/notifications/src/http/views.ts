import { type EmailTemplate, emailKindInfo, type SystemSettings } from '@meritmatch/contracts';
import type { StoredSettings } from '../use-cases/settings';
import type { StoredTemplate } from '../use-cases/templates';

export const toTemplateView = (template: StoredTemplate): EmailTemplate => {
  const info = emailKindInfo[template.kind];
  return {
    kind: template.kind,
    label: info.label,
    audience: info.audience,
    security: info.security,
    placeholders: [...info.placeholders],
    subject: template.subject,
    body: template.body,
    updated_at: template.updatedAt.toISOString(),
  };
};

export const toSettingsView = (settings: StoredSettings): SystemSettings & { updated_at: string } => ({
  askBeforeSharingByDefault: settings.askBeforeSharingByDefault,
  senderName: settings.senderName,
  senderAddress: settings.senderAddress,
  confirmedAddressesOnly: settings.confirmedAddressesOnly,
  inactiveAccountMonths: settings.inactiveAccountMonths,
  updated_at: settings.updatedAt.toISOString(),
});
