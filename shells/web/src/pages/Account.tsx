import type { ChangePasswordForm } from '@meritmatch/contracts';
import { Button, Card, TextField } from '@meritmatch/ui';
import { ConfirmProvider, useConfirm } from '@meritmatch/ui/dialogs';
import { deferredContractResolver, fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useApi, useFormMessage, useSession } from '@meritmatch/web-session';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { loadAuthContracts } from './AuthCard';

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

function ChangePassword() {
  const keepSession = useKeepSession();
  const feedback = useFormMessage();
  const form = useForm<ChangePasswordForm>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const field = fieldsOf(form);
  const failed = 'Your password could not be changed. Please try again.';
  const save = async ({ currentPassword, newPassword }: ChangePasswordForm) => {
    feedback.clear();
    try {
      feedback.show(await keepSession('/auth/change-password', { currentPassword, newPassword }));
      form.reset();
    } catch (error) {
      feedback.show(errorMessage(error, failed));
    }
  };
  return (
    <Card title="Change password">
      <form
        className="form"
        noValidate
        onFocus={resolver.warm}
        onChange={feedback.clearIfError}
        onSubmit={(event) => {
          form
            .handleSubmit(save)(event)
            .catch((error: unknown) => feedback.show(errorMessage(error, failed)));
        }}
      >
        <Notice message={feedback.message} />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters. Every other device signed in to your account is signed out."
          {...field('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <div className="form-actions">
          <Button type="submit" busy={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function OtherSessions() {
  const keepSession = useKeepSession();
  const confirm = useConfirm();
  const feedback = useFormMessage();
  const [busy, setBusy] = useState(false);
  const signOutOthers = async () => {
    const sure = await confirm(
      'Every other browser and device signed in to your account will be signed out. This one stays signed in.',
      {
        title: 'Sign out everywhere else?',
        confirmLabel: 'Sign out everywhere else',
        tone: 'primary',
      },
    );
    if (!sure) return;
    feedback.clear();
    setBusy(true);
    try {
      feedback.show(await keepSession('/auth/sign-out-others'));
    } catch (error) {
      feedback.show(errorMessage(error, 'The other devices could not be signed out. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Signed in elsewhere">
      <div className="stack">
        <Notice message={feedback.message} />
        <p className="muted">
          Signed in on a shared or lost device? Sign out every other browser and device; this one stays signed
          in.
        </p>
        <div className="form-actions">
          <Button variant="secondary" busy={busy} onClick={() => void signOutOthers()}>
            Sign out everywhere else
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** Account settings: one page for every role. */
export default function Account() {
  const { session } = useSession();
  return (
    <ConfirmProvider>
      <div className="container page stack account-page">
        <h1>Account settings</h1>
        <p className="muted">
          Signed in as <strong>{session?.user.email}</strong>
        </p>
        <ChangePassword />
        <OtherSessions />
      </div>
    </ConfirmProvider>
  );
}
