import { emailConfirmationMessages } from '@meritmatch/contracts';
import { Button } from '@meritmatch/ui/feedback';
import { Notice, type NoticeTone } from '@meritmatch/web-kit';
import { ApiRequestError, errorMessage, type StoredUser, useApi, useSession } from '@meritmatch/web-session';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/** What sending the link again answered; `confirmed`: the address was confirmed already. */
type Outcome = { message: string; tone: NoticeTone; confirmed: boolean; path: string };

const couldNotSend = 'The link could not be sent. Please try again.';

function refusal(error: unknown): Omit<Outcome, 'path'> {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 409)
    return { message: emailConfirmationMessages.alreadyConfirmed, tone: 'success', confirmed: true };
  // whichever limit refused (the auth service's or the gateway's), the words are the same
  if (status === 429) return { message: emailConfirmationMessages.tooMany, tone: 'error', confirmed: false };
  return { message: errorMessage(error, couldNotSend), tone: 'error', confirmed: false };
}

/** POST /auth/confirm-email/resend; an address found confirmed already is kept so at once. */
function useResend(user: StoredUser, path: string) {
  const api = useApi();
  const { updateUser } = useSession();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resend = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      // the answer's schema (and zod with it) comes with the click, not with the banner
      const { ZResendConfirmationAnswer } = await import('./resend-answer');
      const answer = await api('/auth/confirm-email/resend', {
        method: 'POST',
        body: {},
        schema: ZResendConfirmationAnswer,
      });
      setOutcome({ message: answer.message, tone: 'success', confirmed: false, path });
    } catch (error) {
      const next = { ...refusal(error), path };
      setOutcome(next);
      if (next.confirmed) updateUser({ ...user, emailConfirmed: true });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, resend, dismiss: () => setOutcome(null) };
}

/**
 * The banner of a signed-in job seeker or employer whose address is not confirmed: the text
 * and "Send the link again", whose answer shows under it. When the address turns out to be
 * confirmed already, only that message stays, until dismissed or the next page.
 */
export function ConfirmationBanner({ user }: { user: StoredUser }) {
  const { pathname } = useLocation();
  const { busy, outcome, resend, dismiss } = useResend(user, pathname);
  if (user.emailConfirmed !== false) {
    if (!outcome?.confirmed || outcome.path !== pathname) return null;
    return (
      <section className="confirm-banner confirm-banner--settled" aria-label="E-mail address">
        <div className="container">
          <Notice message={outcome.message} tone={outcome.tone} onDismiss={dismiss} />
        </div>
      </section>
    );
  }
  return (
    <section className="confirm-banner" aria-label="E-mail address">
      <div className="container confirm-banner__inner">
        <p className="confirm-banner__text">{emailConfirmationMessages.banner}</p>
        <Button variant="secondary" size="sm" busy={busy} onClick={() => void resend()}>
          {busy ? 'Sending…' : emailConfirmationMessages.resend}
        </Button>
      </div>
      {outcome ? (
        <div className="container confirm-banner__outcome">
          <Notice message={outcome.message} tone={outcome.tone} />
        </div>
      ) : null}
    </section>
  );
}
