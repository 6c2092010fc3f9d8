import type { LoginRequest } from '@meritmatch/contracts';
import { deferredContractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useFormMessage } from '@meritmatch/web-session';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { PageLink } from '../layout/PageLink';
import { AuthCard, CredentialFields, loadAuthContracts, useSignInWith } from './AuthCard';

const resolver = deferredContractResolver<LoginRequest, LoginRequest>(
  async () => (await loadAuthContracts()).ZLoginRequest,
);

export default function Login() {
  const feedback = useFormMessage();
  const { signIn, submitted } = useSignInWith('/auth/login', 'Login failed. Please try again.', feedback);
  const form = useForm<LoginRequest>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const field = fieldsOf(form);
  // a password reset sends the person here with what happened
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  return (
    <div className="auth-page">
      <AuthCard
        title="Sign in"
        lead="Welcome back to MeritMatch."
        feedback={feedback}
        {...(notice ? { notice } : {})}
        onSubmit={submitted(form.handleSubmit(signIn))}
        onFirstFocus={resolver.warm}
        busy={form.formState.isSubmitting}
        submitLabel="Sign In"
        busyLabel="Signing in…"
        footer={
          <>
            New to MeritMatch? <PageLink to="/register">Create an account</PageLink>
          </>
        }
      >
        <CredentialFields field={field} />
        <p className="small auth-card__aside">
          <PageLink to="/forgot-password">Forgot password?</PageLink>
        </p>
      </AuthCard>
    </div>
  );
}
