import {
  emailKinds,
  notificationMessages,
  ZEmailPreferencesAnswer,
  ZEmailPreviewAnswer,
  ZEmailTemplatesAnswer,
  ZSystemSettingsAnswer,
  ZSystemSettingsChanged,
} from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type NotificationsHarness, notificationsHarness } from '../testing/harness';

/** The API of the notifications service in process: e-mail settings, Email Templates, System Settings. */
describe('e-mail settings, templates and system settings', () => {
  let harness: NotificationsHarness;
  let admin: Account;
  let seeker: Account;
  let employer: Account;

  beforeAll(async () => {
    harness = await notificationsHarness();
    [admin, seeker, employer] = await Promise.all([harness.admin(), harness.jobSeeker(), harness.employer()]);
  });

  const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
    harness.call(`/api${path}`, { ...init, token });

  describe("a person's e-mail settings", () => {
    it('list the kinds of their account type, all on, security messages always on', async () => {
      const answer = await api('/job-seeker/notifications', seeker.token);
      expect(answer.status).toBe(200);
      const { preferences } = ZEmailPreferencesAnswer.parse(answer.body);
      expect(preferences.map((p) => [p.kind, p.enabled, p.always])).toEqual([
        ['request.received', true, false],
        ['request.awaiting-candidate', true, false],
        ['request.introduced', true, false],
        ['account.suspended', true, true],
        ['account.restored', true, true],
        ['account.password-reset', true, true],
        ['account.password-changed', true, true],
        ['account.email-confirmation', true, true],
        ['account.email-change', true, true],
        ['account.email-changed', true, true],
        ['account.retention-reminder', true, true],
      ]);
      const employers = ZEmailPreferencesAnswer.parse(
        (await api('/employer/notifications', employer.token)).body,
      );
      expect(employers.preferences.map((p) => p.kind)).toContain('request.approved');
    });

    it('turn one kind off and on again, and say so', async () => {
      const off = await api('/employer/notifications', employer.token, {
        method: 'PUT',
        body: { kind: 'request.approved', enabled: false },
      });
      expect(off.status, off.text).toBe(200);
      expect(off.body.message).toBe(notificationMessages.preferencesSaved);
      const read = ZEmailPreferencesAnswer.parse((await api('/employer/notifications', employer.token)).body);
      expect(read.preferences.find((p) => p.kind === 'request.approved')?.enabled).toBe(false);
      const on = await api('/employer/notifications', employer.token, {
        method: 'PUT',
        body: { kind: 'request.approved', enabled: true },
      });
      expect(on.body.preferences.find((p: { kind: string }) => p.kind === 'request.approved').enabled).toBe(
        true,
      );
    });

    it('refuse turning off a security message, or a kind the person never receives', async () => {
      const security = await api('/job-seeker/notifications', seeker.token, {
        method: 'PUT',
        body: { kind: 'account.suspended', enabled: false },
      });
      expect(security.status).toBe(400);
      expect(security.body.message).toBe('Security messages are always sent');
      const foreign = await api('/job-seeker/notifications', seeker.token, {
        method: 'PUT',
        body: { kind: 'request.approved', enabled: false },
      });
      expect(foreign.status).toBe(400);
      const unknown = await api('/job-seeker/notifications', seeker.token, {
        method: 'PUT',
        body: { kind: 'everything', enabled: false },
      });
      expect(unknown.status).toBe(400);
    });

    it("belong to the signed-in person's own role only", async () => {
      // the gateway checks the role first (its route table's tests); the service checks it itself
      expect((await api('/job-seeker/notifications', employer.token)).status).toBe(403);
      expect((await api('/employer/notifications', seeker.token)).status).toBe(403);
      expect((await harness.call('/api/job-seeker/notifications')).status).toBe(401);
    });
  });

  describe('Email Templates', () => {
    it('lists every kind with its subject, body and placeholders', async () => {
      const answer = await api('/admin/email-templates', admin.token);
      expect(answer.status).toBe(200);
      const { templates } = ZEmailTemplatesAnswer.parse(answer.body);
      expect(templates).toHaveLength(emailKinds.length);
      const approved = templates.find((t) => t.kind === 'request.approved')!;
      expect(approved.placeholders).toEqual(['senderName', 'companyName', 'candidateCode', 'contactNote']);
      expect(approved.body).toContain('{{contactNote}}');
    });

    it('refuses a reset e-mail without its link, and changes nothing', async () => {
      const before = await api('/admin/email-templates', admin.token);
      const refused = await api('/admin/email-templates/account.password-reset', admin.token, {
        method: 'PUT',
        body: { subject: 'Reset', body: 'Hello, ask us for a new password.' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [
          {
            path: 'body',
            message: 'The body must use {{resetLink}}: without it this e-mail cannot do its job',
          },
        ],
      });
      expect((await api('/admin/email-templates', admin.token)).body).toEqual(before.body);
    });

    it('saves an edit and previews it with sample data', async () => {
      const body =
        'Dear {{companyName}},\n\n{{candidateCode}} is yours.\n\nNote: {{contactNote}}\n\n{{senderName}}';
      const saved = await api('/admin/email-templates/request.approved', admin.token, {
        method: 'PUT',
        body: { subject: 'Approved: {{candidateCode}}', body },
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.message).toBe(notificationMessages.templateSaved);
      expect(saved.body.template.body).toBe(body);
      const preview = await api('/admin/email-templates/request.approved/preview', admin.token, {
        method: 'POST',
        body: { subject: 'Approved: {{candidateCode}}', body },
      });
      expect(preview.status, preview.text).toBe(200);
      expect(ZEmailPreviewAnswer.parse(preview.body).preview).toEqual({
        subject: 'Approved: EM123456',
        body: 'Dear Acme Robotics,\n\nEM123456 is yours.\n\nNote: Our team will call you on Monday at 10:00 to arrange the introduction.\n\nMeritMatch',
      });
    });

    it("refuses a placeholder the kind may not use (the candidate's name in an employer's e-mail)", async () => {
      const answer = await api('/admin/email-templates/request.approved', admin.token, {
        method: 'PUT',
        body: { subject: 'Approved', body: 'You can call {{candidateName}}' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.details).toEqual([
        { path: 'body', message: expect.stringContaining('{{candidateName}} cannot be used in this e-mail') },
      ]);
      const preview = await api('/admin/email-templates/employer.verified/preview', admin.token, {
        method: 'POST',
        body: { subject: '{{constructor}}', body: 'x' },
      });
      expect(preview.status).toBe(400);
      expect((await api('/admin/email-templates/no.such-kind', admin.token)).status).toBe(400);
    });

    it('is for admins only', async () => {
      expect((await api('/admin/email-templates', employer.token)).status).toBe(403);
      expect((await api('/admin/system-settings', seeker.token)).status).toBe(403);
    });
  });

  describe('System Settings', () => {
    it('start with consent not asked and the configured sender', async () => {
      const answer = await api('/admin/system-settings', admin.token);
      expect(answer.status).toBe(200);
      expect(ZSystemSettingsAnswer.parse(answer.body).settings).toMatchObject({
        askBeforeSharingByDefault: false,
        senderName: 'MeritMatch',
        senderAddress: 'no-reply@meritmatch.local',
      });
    });

    it('tell the other services of a change (the system-settings event)', async () => {
      // that the profile service then gives new profiles the default is a flow across services:
      // the notifications int tests prove it
      const before = harness.settingsStore.published().length;
      const saved = await api('/admin/system-settings', admin.token, {
        method: 'PUT',
        body: {
          askBeforeSharingByDefault: true,
          senderName: 'MeritMatch Team',
          senderAddress: 'team@example.com',
        },
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.message).toBe(notificationMessages.settingsSaved);
      const published = harness.settingsStore.published().slice(before);
      expect(published).toHaveLength(1);
      expect(ZSystemSettingsChanged.parse(published[0]).data).toMatchObject({
        askBeforeSharingByDefault: true,
        senderName: 'MeritMatch Team',
        senderAddress: 'team@example.com',
      });
      expect(
        ZSystemSettingsAnswer.parse((await api('/admin/system-settings', admin.token)).body).settings,
      ).toMatchObject({ askBeforeSharingByDefault: true, senderName: 'MeritMatch Team' });
    });

    it('refuse a sender that is not an address', async () => {
      const answer = await api('/admin/system-settings', admin.token, {
        method: 'PUT',
        body: { askBeforeSharingByDefault: true, senderName: 'X', senderAddress: 'not-an-address' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please enter a valid email address');
    });
  });
});
