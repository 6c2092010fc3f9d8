import { describe, expect, it } from 'vitest';
import {
  emailKindInfo,
  emailKinds,
  emailKindsFor,
  emailTemplateInputFor,
  placeholdersIn,
  renderTemplate,
  unknownPlaceholder,
  ZSystemSettings,
  ZSystemSettingsInput,
} from './notifications';

describe('e-mail templates', () => {
  it('reads the names between double braces, with or without spaces', () => {
    expect(placeholdersIn('Hi {{candidateName}}, {{ companyName }} asked. {x} {{}}')).toEqual([
      'candidateName',
      'companyName',
      '',
    ]);
  });

  it('fills placeholders with plain text and keeps markup as text', () => {
    const filled = renderTemplate(
      { subject: 'Approved: {{candidateCode}}', body: 'Note: {{contactNote}}\n{{senderName}}' },
      { candidateCode: 'EM123456', contactNote: '<b>call</b> & {{candidateName}}', senderName: 'Team' },
    );
    expect(filled).toEqual({
      subject: 'Approved: EM123456',
      body: 'Note: <b>call</b> & {{candidateName}}\nTeam',
    });
  });

  it('never reads a value of another name, and leaves unknown names empty', () => {
    const values = { companyName: 'Acme' } as Record<string, string>;
    expect(
      renderTemplate({ subject: '{{constructor}}{{toString}}', body: '{{companyName}}{{x}}' }, values),
    ).toEqual({
      subject: '',
      body: 'Acme',
    });
  });

  it('keeps a value in the subject on one line (no header can be added)', () => {
    const filled = renderTemplate(
      { subject: '{{companyName}} verified', body: '' },
      {
        companyName: 'Acme\r\nBcc: someone@example.com',
      },
    );
    expect(filled.subject).toBe('Acme Bcc: someone@example.com verified');
  });

  it('refuses a placeholder the kind may not use, naming it and the field', () => {
    expect(unknownPlaceholder('request.approved', { subject: 'ok', body: 'Hi {{candidateName}}' })).toEqual({
      field: 'body',
      name: 'candidateName',
    });
    expect(
      unknownPlaceholder('request.approved', { subject: '{{contactNote}}', body: '{{ candidateCode }}' }),
    ).toBe(undefined);
    const parsed = emailTemplateInputFor('employer.verified').safeParse({
      subject: '{{process.env}}',
      body: 'x',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['subject']);
    expect(parsed.error?.issues[0]?.message).toContain('{{process.env}} cannot be used');
  });

  it('gives no e-mail to an employer a placeholder for the candidate name', () => {
    for (const kind of emailKinds.filter((k) => emailKindInfo[k].audience === 'employer')) {
      expect(emailKindInfo[kind].placeholders).not.toContain('candidateName');
      expect(emailKindInfo[kind].placeholders).not.toContain('employerMessage');
    }
  });

  it('lists the kinds of each user type, security messages included', () => {
    expect(emailKindsFor('job_seeker')).toEqual([
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
    ]);
    expect(emailKindsFor('employer')).toContain('request.approved');
    expect(emailKindsFor('employer')).not.toContain('request.received');
  });
});

describe('templates that must carry something', () => {
  it('refuse a reset e-mail without its link, naming what is missing', () => {
    expect(unknownPlaceholder('account.password-reset', { subject: 'Reset', body: 'Hello' })).toEqual({
      field: 'body',
      name: 'resetLink',
      missing: true,
    });
    expect(
      unknownPlaceholder('account.password-reset', { subject: 'Reset', body: 'Open {{resetLink}}' }),
    ).toBeUndefined();
    const form = emailTemplateInputFor('account.password-reset').safeParse({ subject: 'Reset', body: 'Hi' });
    expect(form.error?.issues[0]?.message).toBe(
      'The body must use {{resetLink}}: without it this e-mail cannot do its job',
    );
  });
});

describe('system settings', () => {
  it('accepts a sender and refuses one that could break the From header', () => {
    const good = {
      askBeforeSharingByDefault: true,
      senderName: 'MeritMatch',
      senderAddress: 'no-reply@example.com',
    };
    expect(ZSystemSettingsInput.parse(good)).toEqual(good);
    expect(ZSystemSettingsInput.safeParse({ ...good, senderName: 'A <b@c.d>' }).success).toBe(false);
    expect(ZSystemSettingsInput.safeParse({ ...good, senderAddress: 'nobody' }).success).toBe(false);
  });

  it('reads settings saved before "only confirmed addresses" existed as off, and keeps it when a save leaves it out', () => {
    const saved = { askBeforeSharingByDefault: false, senderName: 'MeritMatch', senderAddress: 'a@b.co' };
    expect(ZSystemSettings.parse(saved).confirmedAddressesOnly).toBe(false);
    expect(ZSystemSettingsInput.parse(saved)).not.toHaveProperty('confirmedAddressesOnly');
    expect(
      ZSystemSettingsInput.parse({ ...saved, confirmedAddressesOnly: true }).confirmedAddressesOnly,
    ).toBe(true);
  });
});
