import {
  type SecondFactorEnrolment,
  type SecondFactorStatus,
  secondFactorMessages,
} from '@meritmatch/contracts';
import { Button, Card, ErrorState, LoadingState, TextField } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { errorMessage, useApi, useFormMessage } from '@meritmatch/web-session';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { loadAuthContracts } from './AuthCard';

/** The new authenticator: the QR code to scan, and its key as text for typing in. */
export function EnrolmentDetails({ enrolment }: { enrolment: SecondFactorEnrolment }) {
  return (
    <div className="stack second-factor__enrolment">
      <img
        src={enrolment.qrCode}
        width={240}
        height={240}
        alt="QR code to scan with your authenticator app"
        className="second-factor__qr"
      />
      <p className="small">
        Or type this key into the app: <code data-testid="second-factor-secret">{enrolment.secret}</code>
      </p>
    </div>
  );
}

/** The recovery codes, shown once after an enrolment. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="stack">
      <Notice message={secondFactorMessages.enrolled} tone="success" />
      <ul className="second-factor__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A field for a 6-digit code (or a recovery code), its form and its submit button. */
export function CodeForm({
  onCode,
  submitLabel,
  busyLabel,
  failed,
}: {
  onCode: (code: string) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  failed: string;
}) {
  const feedback = useFormMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    feedback.clear();
    if (!code.trim()) {
      setError(secondFactorMessages.codeRequired);
      return;
    }
    setBusy(true);
    try {
      await onCode(code.trim());
    } catch (failure) {
      feedback.show(errorMessage(failure, failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <Notice message={feedback.message} />
      <TextField
        label="Code"
        autoComplete="one-time-code"
        inputMode="text"
        required
        value={code}
        {...(error ? { error } : {})}
        onChange={(event) => {
          setCode(event.target.value);
          setError('');
          feedback.clearIfError();
        }}
      />
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; status: SecondFactorStatus };

/**
 * Account settings, for admins: whether the second factor is on, and setting up an authenticator
 * (a new one replaces the old once its first code is confirmed; new recovery codes come with it).
 */
export function SecondFactor() {
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const feedback = useFormMessage();
  const reload = useCallback(async () => {
    try {
      const { ZSecondFactorStatus } = await loadAuthContracts();
      setLoaded({
        state: 'loaded',
        status: await api('/auth/second-factor', { schema: ZSecondFactorStatus }),
      });
    } catch {
      setLoaded({ state: 'failed' });
    }
  }, [api]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const start = async () => {
    feedback.clear();
    setRecoveryCodes(null);
    try {
      const { ZSecondFactorEnrolment } = await loadAuthContracts();
      setEnrolment(
        await api('/auth/second-factor/enrolment', { method: 'POST', schema: ZSecondFactorEnrolment }),
      );
    } catch (error) {
      feedback.show(errorMessage(error, 'The second factor could not be set up. Please try again.'));
    }
  };
  const confirm = async (code: string) => {
    const { ZConfirmEnrolmentAnswer } = await loadAuthContracts();
    const answer = await api('/auth/second-factor/enrolment/confirm', {
      method: 'POST',
      body: { code },
      schema: ZConfirmEnrolmentAnswer,
    });
    setEnrolment(null);
    setRecoveryCodes(answer.recoveryCodes);
    await reload();
  };

  let body: ReactNode;
  if (loaded.state === 'loading') body = <LoadingState label="Loading the second factor…" />;
  else if (loaded.state === 'failed') body = <ErrorState title="The second factor could not be loaded." />;
  else {
    const { status } = loaded;
    body = (
      <div className="stack">
        <p>
          {status.enrolled
            ? `On. ${status.recoveryCodesLeft} of 10 recovery codes left.`
            : secondFactorMessages.notEnrolled}{' '}
          {status.policy === 'required' ? secondFactorMessages.required : null}
        </p>
        <Notice message={feedback.message} />
        {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
        {enrolment ? (
          <>
            <p>{secondFactorMessages.enrolmentNeeded}</p>
            <EnrolmentDetails enrolment={enrolment} />
            <CodeForm
              onCode={confirm}
              submitLabel="Confirm"
              busyLabel="Confirming…"
              failed="The code could not be checked. Please try again."
            />
          </>
        ) : (
          <div className="form-actions">
            <Button variant="secondary" onClick={() => void start()}>
              {status.enrolled ? 'Set up a new authenticator' : 'Set up a second factor'}
            </Button>
          </div>
        )}
      </div>
    );
  }
  return <Card title="Second factor">{body}</Card>;
}
