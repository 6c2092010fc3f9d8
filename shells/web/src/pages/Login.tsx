import type { LoginRequest, SecondFactorChallenge } from '@meritmatch/contracts';
import { LoadingState } from '@meritmatch/ui/feedback';
import { deferredContractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useFormMessage } from '@meritmatch/web-session';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { usePartingNotice } from '../auth/parting-notice';
import { PageLink } from '../layout/PageLink';
import { AuthCard, CredentialFields, loadAuthContracts, useSignInWith } from './AuthCard';

/**
 * An admin's step after the password, loaded only when it is needed: it checks with the
 * contracts, which the sign-in page itself never loads before someone starts on the form.
 */
const SecondFactorStep = lazy(async () => ({
  default: (await import('./SecondFactorStep')).SecondFactorStep,
}));

const resolver = deferredContractResolver<LoginRequest, LoginRequest>(
  async () => (await loadAuthContracts()).ZLoginRequest,
);

export default function Login() {
  const feedback = useFormMessage();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const { signIn, submitted } = useSignInWith(
    '/auth/login',
    'Login failed. Please try again.',
    feedback,
    setChallenge,
  );
  const form = useForm<LoginRequest>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const field = fieldsOf(form);
  // a password reset sends the person here with what happened; so does a deleted account
  const parting = usePartingNotice();
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? parting;

  if (challenge) {
    return (
      <div className="auth-page">
        <Suspense fallback={<LoadingState />}>
          <SecondFactorStep challenge={challenge} />
        </Suspense>
      </div>
    );
  }

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
