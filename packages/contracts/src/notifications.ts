import { z } from 'zod';
import { requiredText } from './primitives';

// ─── The e-mails the product sends ───────────────────────────────

/**
 * Every kind of e-mail, one template each. Security messages (the account suspended or
 * restored) always go; every other kind can be turned off by its recipient.
 */
export const emailKinds = [
  'employer.verified',
  'employer.verification-revoked',
  'request.approved',
  'request.not-approved',
  'request.received',
  'request.awaiting-candidate',
  'request.introduced',
  'account.suspended',
  'account.restored',
  'account.password-reset',
  'account.password-changed',
  'account.email-confirmation',
  'account.email-change',
  'account.email-changed',
  'account.retention-reminder',
  'search.digest',
] as const;
export const ZEmailKind = z.enum(emailKinds, { message: 'Unknown kind of e-mail' });
export type EmailKind = z.infer<typeof ZEmailKind>;

/** What a template may say: these names between double braces, and nothing else. */
export const templatePlaceholders = [
  'senderName',
  'companyName',
  'candidateCode',
  'contactNote',
  'candidateName',
  'employerMessage',
  'position',
  'searchName',
  'candidateList',
  'resetLink',
  'linkValidMinutes',
  'confirmLink',
  'linkValidHours',
  'inactiveMonths',
] as const;
export type TemplatePlaceholder = (typeof templatePlaceholders)[number];

export type EmailAudience = 'employer' | 'job_seeker' | 'anyone';

export type EmailKindInfo = {
  /** The name of the kind on the admin's and the users' screens. */
  label: string;
  audience: EmailAudience;
  /** Always sent: the recipient cannot turn it off. */
  security: boolean;
  /**
   * What the template may use. An e-mail to an employer never has a placeholder for the
   * candidate's name: its contact details reach the employer only as the admin's contact note.
   */
  placeholders: readonly TemplatePlaceholder[];
  /** What the template must use: an e-mail without them does not do its job (the reset link). */
  required?: readonly TemplatePlaceholder[];
};

export const emailKindInfo: Record<EmailKind, EmailKindInfo> = {
  'employer.verified': {
    label: 'Company verified',
    audience: 'employer',
    security: false,
    placeholders: ['senderName', 'companyName'],
  },
  'employer.verification-revoked': {
    label: 'Verification revoked',
    audience: 'employer',
    security: false,
    placeholders: ['senderName', 'companyName'],
  },
  'request.approved': {
    label: 'Match request approved',
    audience: 'employer',
    security: false,
    placeholders: ['senderName', 'companyName', 'candidateCode', 'contactNote'],
  },
  'request.not-approved': {
    label: 'Match request not approved',
    audience: 'employer',
    security: false,
    placeholders: ['senderName', 'companyName', 'candidateCode'],
  },
  'request.received': {
    label: 'New match request',
    audience: 'job_seeker',
    security: false,
    placeholders: [
      'senderName',
      'candidateName',
      'candidateCode',
      'companyName',
      'employerMessage',
      'position',
    ],
  },
  'request.awaiting-candidate': {
    label: 'Match request waiting for your answer',
    audience: 'job_seeker',
    security: false,
    placeholders: [
      'senderName',
      'candidateName',
      'candidateCode',
      'companyName',
      'employerMessage',
      'position',
    ],
  },
  'request.introduced': {
    label: 'Introduction made',
    audience: 'job_seeker',
    security: false,
    placeholders: ['senderName', 'candidateName', 'candidateCode', 'companyName'],
  },
  'account.suspended': {
    label: 'Account suspended',
    audience: 'anyone',
    security: true,
    placeholders: ['senderName'],
  },
  'account.restored': {
    label: 'Account restored',
    audience: 'anyone',
    security: true,
    placeholders: ['senderName'],
  },
  'account.password-reset': {
    label: 'Password reset link',
    audience: 'anyone',
    security: true,
    placeholders: ['senderName', 'resetLink', 'linkValidMinutes'],
    required: ['resetLink'],
  },
  'account.password-changed': {
    label: 'Password changed',
    audience: 'anyone',
    security: true,
    placeholders: ['senderName'],
  },
  'account.email-confirmation': {
    label: 'E-mail address confirmation link',
    audience: 'anyone',
    security: true,
    placeholders: ['senderName', 'confirmLink', 'linkValidHours'],
    required: ['confirmLink'],
  },
  'account.email-change': {
    label: 'New e-mail address confirmation link',
    audience: 'anyone',
    security: true,
    placeholders: ['senderName', 'confirmLink', 'linkValidHours'],
    required: ['confirmLink'],
  },
  'account.email-changed': {
    label: 'E-mail address changed (to the old address)',
    audience: 'anyone',
    security: true,
    placeholders: ['senderName'],
  },
  'account.retention-reminder': {
    label: 'Inactive account: erased in a month unless you sign in',
    audience: 'anyone',
    security: true,
    placeholders: ['senderName', 'inactiveMonths'],
  },
  'search.digest': {
    label: 'New candidates for a saved search',
    audience: 'employer',
    security: false,
    placeholders: ['senderName', 'companyName', 'searchName', 'candidateList'],
    required: ['candidateList'],
  },
};

/** The kinds a user of this type receives, in the order the settings list them. */
export const emailKindsFor = (userType: 'job_seeker' | 'employer') =>
  emailKinds.filter((kind) => {
    const { audience } = emailKindInfo[kind];
    return audience === userType || audience === 'anyone';
  });

/** The example values the admin's preview fills in (the sender name comes from the settings). */
export const templateSampleData: Record<TemplatePlaceholder, string> = {
  senderName: 'The MeritMatch team',
  companyName: 'Acme Robotics',
  candidateCode: 'EM123456',
  contactNote: 'Our team will call you on Monday at 10:00 to arrange the introduction.',
  candidateName: 'Alex Example',
  employerMessage: 'We liked your warehouse automation work and would love a chat.',
  position:
    'Position: Automation engineer\nWork mode: Hybrid, Hamburg, Germany\nSalary: €55,000–€70,000 a year\nYour matching skills: PLC programming, Python',
  searchName: 'Warehouse automation',
  candidateList:
    'EM123456: PLC Programming, Python\nEM654321: PLC Programming\nand 3 more in Search Candidates',
  resetLink: 'https://meritmatch.example/reset-password?token=example',
  linkValidMinutes: '30',
  confirmLink: 'https://meritmatch.example/confirm-email?token=example',
  linkValidHours: '24',
  inactiveMonths: '12',
};

const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names a text uses between double braces, in order of appearance. */
export const placeholdersIn = (text: string) => [...text.matchAll(placeholderPattern)].map((m) => m[1] ?? '');

export const unknownPlaceholderMessage = (name: string, kind: EmailKind) =>
  `{{${name}}} cannot be used in this e-mail; it may use ${emailKindInfo[kind].placeholders
    .map((placeholder) => `{{${placeholder}}}`)
    .join(', ')}`;

export const missingPlaceholderMessage = (name: string) =>
  `The body must use {{${name}}}: without it this e-mail cannot do its job`;

/**
 * The first placeholder a kind may not use, by field, or the first it must use and the body
 * does not (`missing`); none when the texts are fine.
 */
export function unknownPlaceholder(
  kind: EmailKind,
  texts: { subject: string; body: string },
): { field: 'subject' | 'body'; name: string; missing?: true } | undefined {
  const allowed: readonly string[] = emailKindInfo[kind].placeholders;
  for (const field of ['subject', 'body'] as const) {
    const name = placeholdersIn(texts[field]).find((used) => !allowed.includes(used));
    if (name !== undefined) return { field, name };
  }
  const used = placeholdersIn(texts.body);
  const missing = (emailKindInfo[kind].required ?? []).find((name) => !used.includes(name));
  if (missing !== undefined) return { field: 'body', name: missing, missing: true };
  return undefined;
}

/**
 * Fills a template. Values are plain text: the e-mail is sent as text/plain, so nothing in a
 * value can become markup; a value put into a subject loses its line breaks (no header can be
 * added). A placeholder without a value becomes empty. Only the names of `values` are read.
 */
export function renderTemplate(
  texts: { subject: string; body: string },
  values: Partial<Record<TemplatePlaceholder, string>>,
): { subject: string; body: string } {
  const fill = (text: string, oneLine: boolean) =>
    text.replace(placeholderPattern, (_, name: string) => {
      const value = Object.hasOwn(values, name) ? (values[name as TemplatePlaceholder] ?? '') : '';
      return oneLine ? value.replace(/[\r\n]+/g, ' ') : value;
    });
  return { subject: fill(texts.subject, true).trim(), body: fill(texts.body, false) };
}

// ─── Email Templates (the admin's screen) ───────────────────────────────────

export const ZEmailTemplateInput = z.strictObject({
  subject: requiredText('Subject', 200).refine((value) => !/[\r\n]/.test(value), {
    message: 'Subject must be one line',
  }),
  body: requiredText('Body', 5000),
});
export type EmailTemplateInput = z.infer<typeof ZEmailTemplateInput>;

/** The same rules plus the kind's placeholders: what the template form checks before it sends. */
export const emailTemplateInputFor = (kind: EmailKind) =>
  ZEmailTemplateInput.superRefine((input, context) => {
    const unknown = unknownPlaceholder(kind, input);
    if (unknown) {
      context.addIssue({
        code: 'custom',
        path: [unknown.field],
        message: unknown.missing
          ? missingPlaceholderMessage(unknown.name)
          : unknownPlaceholderMessage(unknown.name, kind),
      });
    }
  });

export const ZEmailTemplate = z.object({
  kind: ZEmailKind,
  label: z.string(),
  audience: z.enum(['employer', 'job_seeker', 'anyone']),
  security: z.boolean(),
  placeholders: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type EmailTemplate = z.infer<typeof ZEmailTemplate>;
export const ZEmailTemplatesAnswer = z.object({ templates: z.array(ZEmailTemplate) });
export const ZEmailTemplateAnswer = z.object({ template: ZEmailTemplate });
export const ZEmailTemplateWriteAnswer = z.object({ message: z.string(), template: ZEmailTemplate });
/** POST …/{kind}/preview: the texts as sent, filled with the sample data. */
export const ZEmailPreviewAnswer = z.object({ preview: z.object({ subject: z.string(), body: z.string() }) });
export const ZEmailKindParam = z.object({ kind: ZEmailKind });

export const audienceLabels: Record<EmailAudience, string> = {
  employer: 'Employers',
  job_seeker: 'Job seekers',
  anyone: 'Everyone (security)',
};

// ─── System Settings (the admin's screen) ───────────────────────────────────

/** The person's e-mail settings and the admin's settings; owned by the notifications service. */
export const ZSystemSettings = z.object({
  /** Whether "Ask me before sharing my details" is on for a new job seeker profile. */
  askBeforeSharingByDefault: z.boolean(),
  /** The From of every e-mail: a name and an address. */
  senderName: z.string(),
  senderAddress: z.string(),
  /**
   * "Only confirmed addresses are searchable and can be verified": a job seeker whose address is
   * not confirmed is out of search, and an employer whose address is not confirmed cannot be
   * verified. Off until the admin turns it on (settings saved before it existed read as off).
   */
  confirmedAddressesOnly: z.boolean().default(false),
  /**
   * Months without sign-in before an account is erased (GDPR Art. 5(1)(e)): reminded a month
   * before, out of search at the limit, erased a month later. Settings saved before it read as 12.
   */
  inactiveAccountMonths: z.number().int().min(2).max(120).default(12),
});
export type SystemSettings = z.infer<typeof ZSystemSettings>;

export const inactiveAccountMonthsLabel = 'Months without sign-in before an account is erased';
export const defaultInactiveAccountMonths = 12;

export const confirmedAddressesOnlyLabel = 'Only confirmed addresses are searchable and can be verified';

export const ZSystemSettingsInput = z.strictObject({
  askBeforeSharingByDefault: z.boolean({ message: 'Choose whether new profiles ask before sharing' }),
  senderName: requiredText('Sender name', 100).refine((value) => !/[\r\n<>"]/.test(value), {
    message: 'Sender name cannot contain line breaks, quotes or angle brackets',
  }),
  senderAddress: z
    .string({ message: 'Sender address is required' })
    .trim()
    .min(1, { message: 'Sender address is required' })
    .max(254, { message: 'Sender address must be at most 254 characters' })
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  /** Left out: stays as it is (a client that predates it changes nothing of it). */
  confirmedAddressesOnly: z.boolean({ message: 'Choose whether only confirmed addresses count' }).optional(),
  /** Left out: stays as it is. */
  inactiveAccountMonths: z
    .number({ message: 'Months must be a whole number from 2 to 120' })
    .int({ message: 'Months must be a whole number from 2 to 120' })
    .min(2, { message: 'Months must be a whole number from 2 to 120' })
    .max(120, { message: 'Months must be a whole number from 2 to 120' })
    .optional(),
});
export type SystemSettingsInput = z.infer<typeof ZSystemSettingsInput>;

export const ZSystemSettingsView = ZSystemSettings.extend({ updated_at: z.string() });
export const ZSystemSettingsAnswer = z.object({ settings: ZSystemSettingsView });
export const ZSystemSettingsWriteAnswer = z.object({ message: z.string(), settings: ZSystemSettingsView });

// ─── E-mail settings of job seekers and employers ───────────────────────────

export const ZEmailPreference = z.object({
  kind: ZEmailKind,
  label: z.string(),
  enabled: z.boolean(),
  /** A security message: always sent, shown but not switchable. */
  always: z.boolean(),
});
export type EmailPreference = z.infer<typeof ZEmailPreference>;
export const ZEmailPreferencesAnswer = z.object({ preferences: z.array(ZEmailPreference) });
export const ZEmailPreferencesWriteAnswer = z.object({
  message: z.string(),
  preferences: z.array(ZEmailPreference),
});

/** PUT …/notifications: one switch at a time. */
export const ZEmailPreferenceChange = z.strictObject({
  kind: ZEmailKind,
  enabled: z.boolean({ message: 'enabled must be true or false' }),
});
export type EmailPreferenceChange = z.infer<typeof ZEmailPreferenceChange>;

export const notificationMessages = {
  preferencesSaved: 'E-mail settings updated successfully',
  preferencesFailed: 'Error updating e-mail settings',
  securityAlwaysSent: 'Security messages are always sent',
  templateSaved: 'Email template saved successfully',
  templateFailed: 'Error saving email template',
  previewFailed: 'Error previewing email template',
  settingsSaved: 'System settings saved successfully',
  settingsFailed: 'Error saving system settings',
} as const;
