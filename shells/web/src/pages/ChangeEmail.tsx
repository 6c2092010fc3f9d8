import type { ChangeEmailRequest } from '@meritmatch/contracts';
import { Card, TextField } from '@meritmatch/ui';
import { deferredContractResolver } from '@meritmatch/web-kit';
import { useApi, useSession } from '@meritmatch/web-session';
import { CurrentPasswordField, loadAuthContracts } from './AuthCard';
import { usePageForm } from './page-form';
import { SettingsForm, SubmitRow } from './SettingsForm';

const resolver = deferredContractResolver<ChangeEmailRequest, ChangeEmailRequest>(
  async () => (await loadAuthContracts()).ZChangeEmailRequest,
);

/**
 * Change of e-mail: a link goes to the new address, and the address changes when it is opened
 * (the /confirm-email page, which reads the signed-in user again). Until then nothing changes.
 */
export function ChangeEmail() {
  const api = useApi();
  const { session } = useSession();
  const { form, field, feedback, submit, busy } = usePageForm(
    resolver,
    { newEmail: '', currentPassword: '' },
    'Your e-mail address could not be changed. Please try again.',
  );
  const save = async (body: ChangeEmailRequest) => {
    const { ZChangeEmailAnswer } = await loadAuthContracts();
    const answer = await api('/auth/email-change', { method: 'POST', body, schema: ZChangeEmailAnswer });
    feedback.show(answer.message);
    form.reset();
  };
  return (
    <Card title="Change e-mail address">
      <SettingsForm feedback={feedback} warm={resolver.warm} onSubmit={submit(save)}>
        <p className="muted">
          Your address is <strong>{session?.user.email}</strong>. We send a link to the new address; it
          becomes your address when you open it, and we tell the old address.
        </p>
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          required
          {...field('newEmail')}
        />
        <CurrentPasswordField {...field('currentPassword')} />
        <SubmitRow busy={busy} label="Send the link" busyLabel="Sending…" />
      </SettingsForm>
    </Card>
  );
}
