import {
  type EmailKind,
  type EmailTemplateInput,
  emailKindInfo,
  emailKinds,
  renderTemplate,
  type TemplatePlaceholder,
  templateSampleData,
  unknownPlaceholder,
} from '@meritmatch/contracts';
import {
  type AggregateStore,
  type Clock,
  DomainError,
  systemClock,
  type Versioned,
} from '@meritmatch/service-kit';

/** A kind's subject and body, as the admin last saved them (or as shipped). */
export type StoredTemplate = Versioned & { kind: EmailKind; subject: string; body: string };

export type TemplateErrorReason = 'template.unknown-placeholder';

/** What the product sends until an admin edits a template. Plain text, one template per kind. */
export const defaultTemplates: Record<EmailKind, { subject: string; body: string }> = {
  'employer.verified': {
    subject: 'Your company profile is verified',
    body: `Hello {{companyName}},

An admin has verified your company profile. You can now search candidates and send match requests.

{{senderName}}`,
  },
  'employer.verification-revoked': {
    subject: 'Your company verification was revoked',
    body: `Hello {{companyName}},

An admin has revoked the verification of your company profile. Until it is verified again, you cannot search candidates or send match requests. Your requests so far stay visible to you.

{{senderName}}`,
  },
  'request.approved': {
    subject: 'Match approved: candidate {{candidateCode}}',
    body: `Hello {{companyName}},

Your match request for candidate {{candidateCode}} was approved. Our team will facilitate the contact.

Contact note from our team:
{{contactNote}}

{{senderName}}`,
  },
  'request.not-approved': {
    subject: 'Match request not approved: candidate {{candidateCode}}',
    body: `Hello {{companyName}},

Your match request for candidate {{candidateCode}} was not approved. You can keep searching for other candidates.

{{senderName}}`,
  },
  'request.received': {
    subject: '{{companyName}} asked to be introduced to you',
    body: `Hello {{candidateName}},

{{companyName}} sent a match request for your profile ({{candidateCode}}). Our team reviews it before anyone sees your contact details.

{{position}}

Their message:
{{employerMessage}}

You can see every request under Interest in your dashboard.

{{senderName}}`,
  },
  'request.awaiting-candidate': {
    subject: '{{companyName}} would like to meet you: your answer is needed',
    body: `Hello {{candidateName}},

{{companyName}} sent a match request for your profile ({{candidateCode}}). You asked to be asked before your details are shared: nothing happens until you accept or decline it under Interest in your dashboard.

{{position}}

Their message:
{{employerMessage}}

{{senderName}}`,
  },
  'request.introduced': {
    subject: 'You have been introduced to {{companyName}}',
    body: `Hello {{candidateName}},

Our team introduced you to {{companyName}}, who asked to meet you ({{candidateCode}}). They have your contact details now and will get in touch.

{{senderName}}`,
  },
  'account.suspended': {
    subject: 'Your account has been suspended',
    body: `Hello,

Your MeritMatch account has been suspended by an administrator. You cannot sign in while it is suspended. If you think this is a mistake, please contact support.

{{senderName}}`,
  },
  'account.restored': {
    subject: 'Your account is active again',
    body: `Hello,

Your MeritMatch account is active again. You can sign in as before.

{{senderName}}`,
  },
  'account.password-reset': {
    subject: 'Choose a new MeritMatch password',
    body: `Hello,

Someone asked to reset the password of your MeritMatch account. To choose a new password, open this link:

{{resetLink}}

The link works once, for {{linkValidMinutes}} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.

{{senderName}}`,
  },
  'account.password-changed': {
    subject: 'Your password was changed',
    body: `Hello,

The password of your MeritMatch account was changed, and every device signed in to it was signed out.

If you did not change it, reset your password at once with "Forgot password?" on the sign-in page, and tell us.

{{senderName}}`,
  },
  'account.email-confirmation': {
    subject: 'Please confirm your e-mail address',
    body: `Hello,

Welcome to MeritMatch. Please confirm that this is your e-mail address by opening this link:

{{confirmLink}}

The link works once, for {{linkValidHours}} hours. If you did not make a MeritMatch account, you can ignore this e-mail.

{{senderName}}`,
  },
  'account.email-change': {
    subject: 'Please confirm your new e-mail address',
    body: `Hello,

You asked to use this address for your MeritMatch account. Please confirm it by opening this link:

{{confirmLink}}

Your account's address changes when you open it. The link works once, for {{linkValidHours}} hours. If you did not ask for this, you can ignore this e-mail: nothing changes.

{{senderName}}`,
  },
  'account.email-changed': {
    subject: 'Your e-mail address was changed',
    body: `Hello,

The e-mail address of your MeritMatch account was changed to a new one, confirmed through a link sent there. This address is no longer used to sign in, and we will not write to it again.

If you did not change it, tell us at once by replying to this e-mail.

{{senderName}}`,
  },
  'account.retention-reminder': {
    subject: 'Your MeritMatch account will be erased in a month',
    body: `Hello,

Nobody has signed in to your MeritMatch account for almost {{inactiveMonths}} months. We keep an inactive account only that long: in a month your account and everything in it will be erased for good, and a month before that it leaves the search of employers.

If you want to keep it, just sign in. Nothing else is needed.

{{senderName}}`,
  },
  'search.digest': {
    subject: 'New candidates for your saved search "{{searchName}}"',
    body: `Hello {{companyName}},

New candidates match your saved search "{{searchName}}":

{{candidateList}}

Open Search Candidates in your dashboard to see them. You get at most one of these e-mails a day; you can turn it off on the saved search or in your e-mail settings.

{{senderName}}`,
  },
};

/**
 * Refuses a placeholder the kind may not use (an employer's e-mail never names the candidate),
 * and a body without one the kind must use (the reset e-mail's link).
 */
export function checkTemplate(kind: EmailKind, input: EmailTemplateInput) {
  const unknown = unknownPlaceholder(kind, input);
  if (unknown) throw new DomainError('template.unknown-placeholder', { kind, ...unknown });
}

/** Fills a kind's template with the values that kind may use, and no others. */
export function renderFor(
  kind: EmailKind,
  texts: { subject: string; body: string },
  values: Partial<Record<TemplatePlaceholder, string>>,
) {
  const allowed = Object.fromEntries(
    emailKindInfo[kind].placeholders.flatMap((name) =>
      values[name] === undefined ? [] : [[name, values[name]]],
    ),
  ) as Partial<Record<TemplatePlaceholder, string>>;
  return renderTemplate(texts, allowed);
}

/** The admin's preview: the texts filled with the sample data and the configured sender name. */
export const previewOf = (kind: EmailKind, texts: EmailTemplateInput, senderName: string) =>
  renderFor(kind, texts, { ...templateSampleData, senderName });

class AlreadyThere extends Error {}

/** The templates the admin edits; a kind never saved reads as shipped. */
export function createTemplates({
  store,
  all,
  clock = systemClock,
}: {
  store: AggregateStore<StoredTemplate>;
  all: () => Promise<StoredTemplate[]>;
  clock?: Clock;
}) {
  const shipped = (kind: EmailKind): StoredTemplate => {
    const now = clock();
    return { kind, ...defaultTemplates[kind], version: 1, createdAt: now, updatedAt: now };
  };
  return {
    /** Stores the shipped template of every kind not stored yet (a new kind appears on its own). */
    async ensure() {
      for (const kind of emailKinds) {
        await store
          .create(shipped(kind), [], () => new AlreadyThere())
          .catch((error) => {
            if (!(error instanceof AlreadyThere)) throw error;
          });
      }
    },
    get: async (kind: EmailKind) => (await store.load(kind)) ?? shipped(kind),
    async list(): Promise<StoredTemplate[]> {
      const stored = new Map((await all()).map((template) => [template.kind, template]));
      return emailKinds.map((kind) => stored.get(kind) ?? shipped(kind));
    },
    async save(kind: EmailKind, input: EmailTemplateInput) {
      checkTemplate(kind, input);
      const saved = await store.change(kind, (current) => ({ next: { ...current, ...input }, events: [] }));
      if (saved) return saved.state;
      // never stored (a kind added since the last start): stored now
      return (await store.create({ ...shipped(kind), ...input }, [], () => new AlreadyThere())).state;
    },
  };
}

export type Templates = ReturnType<typeof createTemplates>;
