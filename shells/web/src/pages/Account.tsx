import type { ChangePasswordForm } from '@meritmatch/contracts';
import { Card, TextField } from '@meritmatch/ui';
import { ConfirmProvider } from '@meritmatch/ui/dialogs';
import { deferredContractResolver } from '@meritmatch/web-kit';
import { useApi, useSession } from '@meritmatch/web-session';
import { useState } from 'react';
import { ConfirmPasswordField, CurrentPasswordField, loadAuthContracts } from './AuthCard';
import { ChangeEmail } from './ChangeEmail';
import { DeleteAccount } from './DeleteAccount';
import { MyDataCard } from './MyDataCard';
import { usePageForm } from './page-form';
import { SecondFactor } from './SecondFactor';
import { Sessions } from './Sessions';
import { SettingsForm, SubmitRow } from './SettingsForm';

const resolver = deferredContractResolver<ChangePasswordForm, ChangePasswordForm>(
  async () => (await loadAuthContracts()).ZChangePasswordForm,
);

/** Both settings answer a new session for this browser: it replaces the one that just ended. */
function useKeepSession() {
  const api = useApi();
  const { signIn } = useSession();
  return async (path: '/auth/change-password' | '/auth/sign-out-others', body?: unknown) => {
    const { ZAccountSessionAnswer } = await loadAuthContracts();
    const answer = await api(path, {
      method: 'POST',
      ...(body ? { body } : {}),
      schema: ZAccountSessionAnswer,
    });
    signIn({ user: answer.user, token: answer.token });
    return answer.message;
  };
}

/** `onChanged`: the other sessions ended with the change (the list shows it). */
function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const keepSession = useKeepSession();
  const { form, field, feedback, submit, busy } = usePageForm(
    resolver,
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    'Your password could not be changed. Please try again.',
  );
  const save = async ({ currentPassword, newPassword }: ChangePasswordForm) => {
    feedback.show(await keepSession('/auth/change-password', { currentPassword, newPassword }));
    onChanged();
    form.reset();
  };
  return (
    <Card title="Change password">
      <SettingsForm feedback={feedback} warm={resolver.warm} onSubmit={submit(save)}>
        <CurrentPasswordField {...field('currentPassword')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters. Every other device signed in to your account is signed out."
          {...field('newPassword')}
        />
        <ConfirmPasswordField {...field('confirmPassword')} />
        <SubmitRow busy={busy} label="Change password" busyLabel="Changing…" />
      </SettingsForm>
    </Card>
  );
}

/** Account settings: one page for every role. */
export default function Account() {
  const { session } = useSession();
  const keepSession = useKeepSession();
  const [changes, setChanges] = useState(0);
  return (
    <ConfirmProvider>
      <div className="container page stack account-page">
        <h1>Account settings</h1>
        <p className="muted">
          Signed in as <strong>{session?.user.email}</strong>
        </p>
        <ChangePassword onChanged={() => setChanges((count) => count + 1)} />
        <ChangeEmail />
        <Sessions changes={changes} signOutOthers={() => keepSession('/auth/sign-out-others')} />
        {session?.user.userType === 'admin' ? <SecondFactor /> : null}
        <MyDataCard />
        <DeleteAccount />
      </div>
    </ConfirmProvider>
  );
}
