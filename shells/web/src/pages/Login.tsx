import type { LoginRequest } from '@meritmatch/contracts';
import { deferredContractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useFormMessage } from '@meritmatch/web-session';
import { useForm } from 'react-hook-form';
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

  return (
    <div className="auth-page">
      <AuthCard
        title="Sign in"
        lead="Welcome back to MeritMatch."
        feedback={feedback}
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
      </AuthCard>
    </div>
  );
}
