import type { ResetPasswordForm } from '@meritmatch/contracts';
import { TextField } from '@meritmatch/ui';
import { deferredContractResolver, fieldsOf } from '@meritmatch/web-kit';
import { errorMessage, useApi, useFormMessage } from '@meritmatch/web-session';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageLink } from '../layout/PageLink';
import { AuthCard, loadAuthContracts } from './AuthCard';

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
  const feedback = useFormMessage();
  const form = useForm<ResetPasswordForm>({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const field = fieldsOf(form);
  const save = async ({ password }: ResetPasswordForm) => {
    feedback.clear();
    try {
      const { ZPasswordResetAnswer } = await loadAuthContracts();
      const answer = await api('/auth/reset-password', {
        method: 'POST',
        body: { token, password },
        schema: ZPasswordResetAnswer,
      });
      navigate('/login', { replace: true, state: { notice: answer.message } });
    } catch (error) {
      feedback.show(errorMessage(error, failed));
    }
  };
  const askAgain = (
    <>
      Link not working? <PageLink to="/forgot-password">Ask for a new one</PageLink>
    </>
  );

  if (!token) {
    return (
      <div className="auth-page">
        <div className="card auth-card">
          <h1>Choose a new password</h1>
          <p role="alert" className="form-message form-message--error">
            This link is not complete. Please open the link from the e-mail again.
          </p>
          <p className="small auth-card__footer">{askAgain}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <AuthCard
        title="Choose a new password"
        lead="Saving it signs you out on every device; then sign in with the new password."
        feedback={feedback}
        onSubmit={(event) => {
          form
            .handleSubmit(save)(event)
            .catch((error: unknown) => feedback.show(errorMessage(error, failed)));
        }}
        onFirstFocus={resolver.warm}
        busy={form.formState.isSubmitting}
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
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
      </AuthCard>
    </div>
  );
}
