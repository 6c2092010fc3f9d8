import type { ForgotPasswordRequest } from '@meritmatch/contracts';
import { TextField } from '@meritmatch/ui';
import { deferredContractResolver, Notice } from '@meritmatch/web-kit';
import { useApi } from '@meritmatch/web-session';
import { useEffect, useRef, useState } from 'react';
import { PageLink } from '../layout/PageLink';
import { AuthCard, AuthMessageCard, loadAuthContracts } from './AuthCard';
import { usePageForm } from './page-form';

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
  const [sent, setSent] = useState<string | null>(null);
  // the form gives way to the answer: focus goes to its heading, so nobody is left on nothing
  const sentHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);
  const { field, feedback, submit, busy } = usePageForm(resolver, { email: '' }, failed);
  const send = async (body: ForgotPasswordRequest) => {
    const { ZPasswordResetAnswer } = await loadAuthContracts();
    const answer = await api('/auth/forgot-password', { method: 'POST', body, schema: ZPasswordResetAnswer });
    setSent(answer.message);
  };
  const backToSignIn = (
    <>
      Remembered it? <PageLink to="/login">Sign in</PageLink>
    </>
  );

  if (sent) {
    return (
      <div className="auth-page">
        <AuthMessageCard title="Check your inbox" headingRef={sentHeading} footer={backToSignIn}>
          <Notice message={sent} tone="success" />
          <p className="small">No e-mail after a few minutes? Look in your spam folder, or ask again.</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setSent(null)}>
            Ask again
          </button>
        </AuthMessageCard>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <AuthCard
        title="Forgot your password?"
        lead="Enter the e-mail address of your account, and we will send you a link to choose a new password."
        feedback={feedback}
        onSubmit={submit(send)}
        onFirstFocus={resolver.warm}
        busy={busy}
        submitLabel="Send the link"
        busyLabel="Sending…"
        footer={backToSignIn}
      >
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      </AuthCard>
    </div>
  );
}
