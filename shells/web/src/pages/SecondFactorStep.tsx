import {
  type SecondFactorChallenge,
  type SecondFactorEnrolment,
  type SecondFactorSignInAnswer,
  secondFactorMessages,
} from '@meritmatch/contracts';
import { Button, Card, LoadingState } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { errorMessage, homeFor, useApi, useSession } from '@meritmatch/web-session';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadAuthContracts } from './AuthCard';
import { CodeForm, EnrolmentDetails, RecoveryCodes } from './SecondFactor';

/**
 * The step after an admin's password: a code from the authenticator app or a recovery code; or,
 * for an admin who must set a factor up first, the QR code to scan and its first code. The
 * session begins only with that answer; recovery codes made by the step are shown before the
 * admin goes on.
 */
export function SecondFactorStep({ challenge }: { challenge: SecondFactorChallenge }) {
  const api = useApi();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [failure, setFailure] = useState('');
  const [signedIn, setSignedIn] = useState<SecondFactorSignInAnswer | null>(null);

  useEffect(() => {
    if (!challenge.enrolmentNeeded) return;
    let live = true;
    (async () => {
      try {
        const { ZSecondFactorEnrolment } = await loadAuthContracts();
        const shown = await api('/auth/login/second-factor/enrolment', {
          method: 'POST',
          body: { challenge: challenge.challenge },
          schema: ZSecondFactorEnrolment,
        });
        if (live) setEnrolment(shown);
      } catch (error) {
        if (live) setFailure(errorMessage(error, secondFactorMessages.challengeExpired));
      }
    })();
    return () => {
      live = false;
    };
  }, [api, challenge]);

  const goOn = (answer: SecondFactorSignInAnswer) =>
    navigate(homeFor(answer.user.userType), { replace: true });

  const submitCode = async (code: string) => {
    const { ZSecondFactorSignInAnswer } = await loadAuthContracts();
    const answer = await api('/auth/login/second-factor', {
      method: 'POST',
      body: { challenge: challenge.challenge, code },
      schema: ZSecondFactorSignInAnswer,
    });
    // the codes are shown before the area opens: the session starts when the admin goes on
    if (answer.recoveryCodes?.length) setSignedIn(answer);
    else {
      signIn({ user: answer.user, token: answer.token });
      goOn(answer);
    }
  };

  if (signedIn) {
    return (
      <Card className="auth-card">
        <h1>Your recovery codes</h1>
        <RecoveryCodes codes={signedIn.recoveryCodes ?? []} />
        <Button
          onClick={() => {
            signIn({ user: signedIn.user, token: signedIn.token });
            goOn(signedIn);
          }}
        >
          I have saved them: continue
        </Button>
      </Card>
    );
  }
  return (
    <Card className="auth-card">
      <h1>{challenge.enrolmentNeeded ? 'Set up your second factor' : 'Enter your code'}</h1>
      <p className="muted">
        {challenge.enrolmentNeeded ? secondFactorMessages.enrolmentNeeded : secondFactorMessages.prompt}
      </p>
      <Notice message={failure} />
      {challenge.enrolmentNeeded && !enrolment ? (
        failure ? null : (
          <LoadingState label="Making your QR code…" />
        )
      ) : (
        <>
          {enrolment ? <EnrolmentDetails enrolment={enrolment} /> : null}
          <CodeForm
            onCode={submitCode}
            submitLabel="Verify"
            busyLabel="Verifying…"
            failed="Login failed. Please try again."
          />
        </>
      )}
    </Card>
  );
}
