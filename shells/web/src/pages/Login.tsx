import { type LoginRequest, ZLoginRequest } from '@meritmatch/contracts';
import { contractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useFormMessage } from '@meritmatch/web-session';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AuthCard, CredentialFields, useSignInWith } from './AuthCard';

export default function Login() {
  const feedback = useFormMessage();
  const signIn = useSignInWith('/auth/login', 'Login failed. Please try again.', feedback);
  const form = useForm<LoginRequest>({
    resolver: contractResolver<LoginRequest, LoginRequest>(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const field = fieldsOf(form);

  return (
    <div className="auth-page">
      <AuthCard
        title="Sign in"
        lead="Welcome back to MeritMatch."
        feedback={feedback}
        onSubmit={form.handleSubmit(signIn)}
        busy={form.formState.isSubmitting}
        submitLabel="Sign In"
        busyLabel="Signing in…"
        footer={
          <>
            New to MeritMatch? <Link to="/register">Create an account</Link>
          </>
        }
      >
        <CredentialFields field={field} />
      </AuthCard>
    </div>
  );
}
