import { emailConfirmationMessages, ZConfirmEmailAnswer } from '@meritmatch/contracts';
import { Button, LoadingState } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { ApiRequestError, errorMessage, homeFor, useApi, useSession } from '@meritmatch/web-session';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageLink } from '../layout/PageLink';
import { AuthMessageCard } from './AuthCard';

type Confirmation =
  | { state: 'confirming' }
  /** `message`: confirmed now, or already (a link opened twice). */
  | { state: 'confirmed'; message: string }
  /** `retry`: the link may still work (no answer, a server down), unlike a refused link. */
  | { state: 'failed'; message: string; retry: boolean };

const couldNotConfirm = 'Your address could not be confirmed. Please try again.';

/**
 * POST /auth/confirm-email with the link's token, once per attempt: the link works once, so
 * the second run of an effect (React's StrictMode) must not send it again. Signed in, the
 * stored user is then read again, so the banner goes (the link may be another account's).
 */
function useConfirmation(token: string) {
  const api = useApi();
  const { refreshUser } = useSession();
  const [attempt, setAttempt] = useState(0);
  const [confirmation, setConfirmation] = useState<Confirmation>(() =>
    token
      ? { state: 'confirming' }
      : { state: 'failed', message: emailConfirmationMessages.invalidLink, retry: false },
  );
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const key = `${attempt}:${token}`;
    if (!token || sent.current === key) return;
    sent.current = key;
    setConfirmation({ state: 'confirming' });
    api('/auth/confirm-email', { method: 'POST', body: { token }, schema: ZConfirmEmailAnswer }).then(
      ({ message }) => {
        setConfirmation({ state: 'confirmed', message });
        refreshUser().catch(() => undefined);
      },
      (error: unknown) => {
        const refused = error instanceof ApiRequestError && error.status === 400;
        setConfirmation({ state: 'failed', message: errorMessage(error, couldNotConfirm), retry: !refused });
      },
    );
  }, [api, refreshUser, token, attempt]);
  return { confirmation, tryAgain: () => setAttempt((count) => count + 1) };
}

/** Signed in: the way to the dashboard; signed out: to sign in. */
function NextStep() {
  const { session } = useSession();
  if (session) return <Link to={homeFor(session.user.userType)}>Go to your dashboard</Link>;
  return <PageLink to="/login">Sign in</PageLink>;
}

/**
 * The page a confirmation link opens (`/confirm-email?token=…`), whoever is signed in here or
 * no one: it confirms at once, then says so, or that the link no longer works.
 */
export default function ConfirmEmail() {
  const token = useSearchParams()[0].get('token') ?? '';
  const { confirmation, tryAgain } = useConfirmation(token);
  const done = confirmation.state !== 'confirming';
  return (
    <div className="auth-page">
      <AuthMessageCard title="Confirm your e-mail address" footer={done ? <NextStep /> : null}>
        {confirmation.state === 'confirming' ? (
          <LoadingState label="Confirming your address…" />
        ) : confirmation.state === 'confirmed' ? (
          <Notice message={confirmation.message} tone="success" />
        ) : (
          <div className="stack">
            <Notice message={confirmation.message} tone="error" />
            {confirmation.retry ? (
              <div className="form-actions">
                <Button variant="secondary" onClick={tryAgain}>
                  Try again
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </AuthMessageCard>
    </div>
  );
}
