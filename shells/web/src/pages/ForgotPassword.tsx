import type { ForgotPasswordRequest } from '@meritmatch/contracts';
import { TextField } from '@meritmatch/ui';
import { deferredContractResolver, fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useApi, useFormMessage } from '@meritmatch/web-session';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PageLink } from '../layout/PageLink';
import { AuthCard, loadAuthContracts } from './AuthCard';

const resolver = deferredContractResolver<ForgotPasswordRequest, ForgotPasswordRequest>(
  async () => (await loadAuthContracts()).ZForgotPasswordRequest,
);

const failed = 'Your request could not be sent. Please try again.';

/**
 * Forgot password: the address, then the one answer the server gives whether or not an account
 * uses it (the link, if any, arrives by e-mail).
 */
export default function ForgotPassword() {
  const api = useApi();
  const feedback = useFormMessage();
  const [sent, setSent] = useState<string | null>(null);
  // the form gives way to the answer: focus goes to its heading, so nobody is left on nothing
  const sentHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);
  const form = useForm<ForgotPasswordRequest>({ resolver, defaultValues: { email: '' } });
  const field = fieldsOf(form);
  const send = async (body: ForgotPasswordRequest) => {
    feedback.clear();
    try {
      const { ZPasswordResetAnswer } = await loadAuthContracts();
      const answer = await api('/auth/forgot-password', {
        method: 'POST',
        body,
        schema: ZPasswordResetAnswer,
      });
      setSent(answer.message);
    } catch (error) {
      feedback.show(errorMessage(error, failed));
    }
  };
  const backToSignIn = (
    <>
      Remembered it? <PageLink to="/login">Sign in</PageLink>
    </>
  );

  if (sent) {
    return (
      <div className="auth-page">
        <div className="card auth-card">
          <h1 ref={sentHeading} tabIndex={-1}>
            Check your inbox
          </h1>
          <Notice message={sent} tone="success" />
          <p className="small">No e-mail after a few minutes? Look in your spam folder, or ask again.</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setSent(null)}>
            Ask again
          </button>
          <p className="small auth-card__footer">{backToSignIn}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <AuthCard
        title="Forgot your password?"
        lead="Enter the e-mail address of your account, and we will send you a link to choose a new password."
        feedback={feedback}
        onSubmit={(event) => {
          form
            .handleSubmit(send)(event)
            .catch((error: unknown) => feedback.show(errorMessage(error, failed)));
        }}
        onFirstFocus={resolver.warm}
        busy={form.formState.isSubmitting}
        submitLabel="Send the link"
        busyLabel="Sending…"
        footer={backToSignIn}
      >
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      </AuthCard>
    </div>
  );
}
