import type { SecondFactorChallenge } from '@meritmatch/contracts';
import { Button, Card, TextField, type TextFieldProps } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { errorMessage, type FormMessage, homeFor, useApi, useSession } from '@meritmatch/web-session';
import type { FormEvent, ReactNode, Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHydrated } from '../app/hydration';

/** The contracts both pages check with, loaded on first use (see auth-contracts.ts). */
export const loadAuthContracts = () => import('./auth-contracts');

/**
 * Sign-in and registration end alike: the answer's user and token become the session and
 * the user goes to their area (SPEC.md section 2); a refusal shows the server's message,
 * else the page's fixed text. `submitted` wraps the form's submit handler: when the form's
 * check cannot even load (offline), it says that fixed text too.
 */
export function useSignInWith(
  path: '/auth/login' | '/auth/register',
  failed: string,
  feedback: FormMessage,
  /** Sign-in only: an admin's right password is followed by the second step, not a session. */
  onSecondFactor?: (challenge: SecondFactorChallenge) => void,
) {
  const api = useApi();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const signInWith = async (body: unknown) => {
    feedback.clear();
    try {
      const { ZAuthResponse, ZLoginAnswer } = await loadAuthContracts();
      const answer = await api(path, {
        method: 'POST',
        body,
        schema: onSecondFactor ? ZLoginAnswer : ZAuthResponse,
      });
      if ('secondFactor' in answer) {
        onSecondFactor?.(answer.secondFactor);
        return;
      }
      signIn(answer);
      navigate(homeFor(answer.user.userType), { replace: true });
    } catch (error) {
      feedback.show(errorMessage(error, failed));
    }
  };
  const submitted =
    (handle: (event: FormEvent<HTMLFormElement>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      handle(event).catch((error: unknown) => feedback.show(errorMessage(error, failed)));
    };
  return { signIn: signInWith, submitted };
}

/** The card of the sign-in and registration pages: title, message, fields, the submit button, a link. */
export function AuthCard({
  title,
  lead,
  feedback,
  onSubmit,
  onFirstFocus,
  busy,
  submitLabel,
  busyLabel,
  footer,
  notice,
  children,
}: {
  title: string;
  lead: string;
  /** A success the page was opened with (a password changed: sign in with the new one). */
  notice?: string;
  feedback: FormMessage;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Called when the form first gets focus: the moment to load what checking it needs. */
  onFirstFocus?: () => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Card className="auth-card">
      <h1>{title}</h1>
      <p className="muted">{lead}</p>
      <form
        className="form"
        onSubmit={onSubmit}
        onFocus={onFirstFocus}
        onChange={feedback.clearIfError}
        noValidate
      >
        <fieldset className="auth-card__fields" disabled={!hydrated}>
          {notice && !feedback.message ? <Notice message={notice} tone="success" /> : null}
          <Notice message={feedback.message} />
          {children}
          <Button type="submit" busy={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </fieldset>
      </form>
      <p className="small auth-card__footer">{footer}</p>
    </Card>
  );
}

/**
 * The e-mail and password both pages ask for, bound by `fieldsOf(form)`; on registration
 * (`newPassword`) the browser may suggest a new password and the hint gives the minimum.
 */
export function CredentialFields({
  field,
  newPassword = false,
}: {
  field: (name: 'email' | 'password') => Omit<TextFieldProps, 'label'>;
  newPassword?: boolean;
}) {
  return (
    <>
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        required
        {...(newPassword ? { hint: 'At least 6 characters.' } : {})}
        {...field('password')}
      />
    </>
  );
}

/** The password that confirms a change in account settings. */
export function CurrentPasswordField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField label="Current password" type="password" autoComplete="current-password" required {...props} />
  );
}

/** The second entry of a new password, on the reset page and in account settings. */
export function ConfirmPasswordField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...props} />
  );
}

/**
 * The same card with a message in place of a form (a page that a link from an e-mail opens, an
 * answer that replaced the form). `headingRef`: the page moves the focus to the title.
 */
export function AuthMessageCard({
  title,
  headingRef,
  footer,
  children,
}: {
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="auth-card">
      <h1 {...(headingRef ? { ref: headingRef, tabIndex: -1 } : {})}>{title}</h1>
      {children}
      {footer ? <p className="small auth-card__footer">{footer}</p> : null}
    </Card>
  );
}
