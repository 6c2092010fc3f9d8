import type { ResetPasswordForm } from '@meritmatch/contracts';
import { TextField } from '@meritmatch/ui';
import { deferredContractResolver } from '@meritmatch/web-kit';
import { useApi } from '@meritmatch/web-session';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageLink } from '../layout/PageLink';
import { AuthCard, AuthMessageCard, ConfirmPasswordField, loadAuthContracts } from './AuthCard';
import { usePageForm } from './page-form';

const resolver = deferredContractResolver<ResetPasswordForm, ResetPasswordForm>(
  async () => (await loadAuthContracts()).ZResetPasswordForm,
);

const failed = 'Your new password could not be saved. Please try again.';

/**
 * The page a reset link opens (`/reset-password?token=…`): a new password, twice. Once it is
 * saved, every session of the account has ended, and the person signs in with it.
 */
export default function ResetPassword() {
  const api = useApi();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const { field, feedback, submit, busy } = usePageForm(
    resolver,
    { password: '', confirmPassword: '' },
    failed,
  );
  const save = async ({ password }: ResetPasswordForm) => {
    const { ZPasswordResetAnswer } = await loadAuthContracts();
    const answer = await api('/auth/reset-password', {
      method: 'POST',
      body: { token, password },
      schema: ZPasswordResetAnswer,
    });
    navigate('/login', { replace: true, state: { notice: answer.message } });
  };
  const askAgain = (
    <>
      Link not working? <PageLink to="/forgot-password">Ask for a new one</PageLink>
    </>
  );

  if (!token) {
    return (
      <div className="auth-page">
        <AuthMessageCard title="Choose a new password" footer={askAgain}>
          <p role="alert" className="form-message form-message--error">
            This link is not complete. Please open the link from the e-mail again.
          </p>
        </AuthMessageCard>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <AuthCard
        title="Choose a new password"
        lead="Saving it signs you out on every device; then sign in with the new password."
        feedback={feedback}
        onSubmit={submit(save)}
        onFirstFocus={resolver.warm}
        busy={busy}
        submitLabel="Save new password"
        busyLabel="Saving…"
        footer={askAgain}
      >
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          {...field('password')}
        />
        <ConfirmPasswordField {...field('confirmPassword')} />
      </AuthCard>
    </div>
  );
}
