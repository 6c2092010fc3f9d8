import {
  accountSettingsMessages,
  emailChangeMessages,
  emailConfirmationMessages,
  erasureMessages,
  passwordResetMessages,
  sessionListMessages,
  signedOutMessage,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZEraseAccountRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '@meritmatch/contracts';
import {
  ApiError,
  type AppEnv,
  authenticate,
  clientAddress,
  DomainError,
  type TokenVerifier,
  validate,
} from '@meritmatch/service-kit';
import { type Context, Hono } from 'hono';
import { z } from 'zod';

const ZSessionId = z.object({ id: z.uuid({ message: 'Not a session id' }) });

import type { SignedInSessions } from '../data/signed-in-sessions';
import type { AccountSettings } from '../use-cases/account-settings';
import type { Accounts } from '../use-cases/accounts';
import type { EmailChange } from '../use-cases/email-change';
import type { EmailConfirmation } from '../use-cases/email-confirmation';
import type { Erasures } from '../use-cases/erasures';
import type { PasswordReset } from '../use-cases/password-reset';
import type { Retention } from '../use-cases/retention';
import type { SecondFactors } from '../use-cases/second-factors';
import type { SessionList } from '../use-cases/session-list';
import type { LoginLimits } from './login-limits';
import type { ResetLimits } from './reset-limits';

/**
 * How long every request for a reset link takes to answer, known address or not: the work (a
 * link written for a known address, nothing for an unknown one) runs within it, and goes on in
 * the background if it takes longer, so the time never tells which addresses have accounts.
 */
export const defaultForgotPasswordAnswerMs = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers once `ms` have passed since `started`, whether or not `work` is done: what it does (or
 * fails to do) never shows in the answer or its time. A failure is told to `onError`.
 */
async function inFixedTime(
  started: number,
  ms: number,
  work: Promise<void>,
  onError: (error: unknown) => void,
) {
  void work.catch(onError);
  await sleep(Math.max(0, started + ms - performance.now()));
}

/** Sets the Retry-After header of a rate-limit refusal before it is thrown on. */
export async function limited<T>(
  c: { header: (name: string, value: string) => void },
  check: () => Promise<T>,
) {
  try {
    return await check();
  } catch (error) {
    if (error instanceof ApiError && 'retryAfterSeconds' in error) {
      c.header('Retry-After', String(error.retryAfterSeconds));
    }
    throw error;
  }
}

export function authRoutes({
  accounts,
  settings,
  limits,
  passwordReset,
  confirmation,
  emailChange,
  erasures,
  retention,
  resetLimits,
  secondFactors,
  sessionList,
  sessions,
  onQuietError,
  verifyToken,
  gatewaySecret,
  forgotPasswordAnswerMs = defaultForgotPasswordAnswerMs,
}: {
  accounts: Accounts;
  settings: AccountSettings;
  limits: LoginLimits;
  passwordReset: PasswordReset;
  confirmation: EmailConfirmation;
  emailChange: EmailChange;
  erasures: Pick<Erasures, 'eraseOwn'>;
  /** A sign-in clears the retention limit's reminder and hiding. */
  retention: Pick<Retention, 'signedIn'>;
  resetLimits: ResetLimits;
  /** Decides whether an admin's right password is followed by the second step. */
  secondFactors: Pick<SecondFactors, 'challengeFor'>;
  sessionList: SessionList;
  sessions: SignedInSessions;
  /** Told when work the caller does not wait for failed (a link made, a session recorded). */
  onQuietError: (error: unknown) => void;
  verifyToken: TokenVerifier;
  /** Only a request carrying it has its `x-forwarded-for` believed (see clientAddress). */
  gatewaySecret: string | undefined;
  /** How long a request for a reset link takes to answer (route tests shorten it). */
  forgotPasswordAnswerMs?: number;
}) {
  /** The session a new token opens goes on the account's list (a failure only leaves it off). */
  const opened = async <T extends { token: string }>(c: Context, answer: T) => {
    await sessions.opened(answer.token, c.req.header('user-agent')).catch(onQuietError);
    return answer;
  };
  return (
    new Hono<AppEnv>()
      /**
       * A new account, signed in at once; a link to confirm its address goes out (if making it
       * fails, the account stands and the person asks for the link again from the banner).
       */
      .post('/register', validate('json', ZRegisterRequest), async (c) => {
        const session = await opened(c, await accounts.register(c.req.valid('json')));
        await confirmation.send(session.user.id).catch(onQuietError);
        return c.json(session, 201);
      })
      /**
       * Confirms the address through the link sent to it (no sign-in needed: the link may open
       * anywhere). Only the gateway's limits apply: a token cannot be guessed (link-tokens.ts), and
       * opening links is harmless, so an operator confirming many addresses is not held back.
       */
      .post('/confirm-email', validate('json', ZConfirmEmailRequest), async (c) => {
        const { token } = c.req.valid('json');
        // a change of address is confirmed the same way, by the link sent to the new address
        if (await emailChange.confirm(token))
          return c.json({ message: emailChangeMessages.changed, emailConfirmed: true as const });
        const { alreadyConfirmed } = await confirmation.confirm(token);
        const message = alreadyConfirmed
          ? emailConfirmationMessages.alreadyConfirmed
          : emailConfirmationMessages.confirmed;
        return c.json({ message, emailConfirmed: true as const });
      })
      /** "Send the link again", from the banner of a signed-in person (limited like reset links). */
      .post('/confirm-email/resend', authenticate(verifyToken), async (c) => {
        const identity = c.get('identity');
        const { email, emailConfirmed } = await accounts.get(identity.userId);
        if (emailConfirmed) throw new DomainError('confirmation.already-confirmed');
        await limited(c, () => resetLimits.confirmationLink(clientAddress(c, gatewaySecret), email));
        await confirmation.send(identity.userId);
        return c.json({ message: emailConfirmationMessages.sent }, 202);
      })
      .post('/login', validate('json', ZLoginRequest), async (c) => {
        const credentials = c.req.valid('json');
        const attempt = await limited(c, () =>
          limits.admit(clientAddress(c, gatewaySecret), credentials.email),
        );
        // a refused password (or any other failure) stays counted against the account
        const session = await accounts.login(credentials);
        await attempt.succeeded();
        // a failure to note it is told, and noted at the next sign-in: the sign-in stands
        await retention.signedIn(session.user.id).catch(onQuietError);
        // an admin with a second factor (or who must have one) gets the step, not the session:
        // the token just made is dropped unsent, never recorded nor shown
        const secondFactor = await secondFactors.challengeFor(session.user);
        if (secondFactor) return c.json({ secondFactor });
        return c.json(await opened(c, session));
      })
      /**
       * Forgot password: the same answer, in the same time, whether or not an account uses the
       * address; a link goes to it only if one does (limited per client and per address asked).
       */
      .post('/forgot-password', validate('json', ZForgotPasswordRequest), async (c) => {
        const started = performance.now();
        const { email } = c.req.valid('json');
        await limited(c, () => resetLimits.request(clientAddress(c, gatewaySecret), email));
        await inFixedTime(started, forgotPasswordAnswerMs, passwordReset.request(email), onQuietError);
        return c.json({ message: passwordResetMessages.requested }, 202);
      })
      /** A new password through a reset link: every session of the account ends, its sign-in failures are forgotten. */
      .post('/reset-password', validate('json', ZResetPasswordRequest), async (c) => {
        const { token, password } = c.req.valid('json');
        await limited(c, () => resetLimits.reset(clientAddress(c, gatewaySecret)));
        const { email } = await passwordReset.reset(token, password);
        // failed sign-ins before the reset no longer hold the account back
        await limits.forgive(email);
        return c.json({ message: passwordResetMessages.done });
      })
      /** The signed-in user, for the shell to confirm a stored session at start (401 when it no longer holds). */
      /** Signing out ends the token's session everywhere, not only in this browser. */
      .post('/logout', authenticate(verifyToken), async (c) => {
        await accounts.logout(c.get('identity'));
        return c.json({ message: signedOutMessage });
      })
      /**
       * A new password (the current one is checked under the sign-in limits): every other session
       * ends, and this browser gets a new token.
       */
      .post(
        '/change-password',
        authenticate(verifyToken),
        validate('json', ZChangePasswordRequest),
        async (c) => {
          const identity = c.get('identity');
          const { email } = await accounts.get(identity.userId);
          const attempt = await limited(c, () => limits.admit(clientAddress(c, gatewaySecret), email));
          const session = await opened(c, await settings.changePassword(identity, c.req.valid('json')));
          await attempt.succeeded();
          return c.json({ message: accountSettingsMessages.passwordChanged, ...session });
        },
      )
      /**
       * A change of address: the password is checked under the sign-in limits, and the links sent
       * under the confirmation links' limits (per client, and per address they go to).
       */
      .post('/email-change', authenticate(verifyToken), validate('json', ZChangeEmailRequest), async (c) => {
        const identity = c.get('identity');
        const request = c.req.valid('json');
        const { email } = await accounts.get(identity.userId);
        const client = clientAddress(c, gatewaySecret);
        await limited(c, () => resetLimits.confirmationLink(client, request.newEmail));
        const attempt = await limited(c, () => limits.admit(client, email));
        await emailChange.request(identity.userId, request);
        await attempt.succeeded();
        return c.json({ message: emailChangeMessages.sent }, 202);
      })
      /**
       * "Delete my account": the password (checked under the sign-in limits) confirms it. The
       * account is disabled at once and this token refused from now; the erasure goes on in
       * every service.
       */
      .post(
        '/account/erase',
        authenticate(verifyToken),
        validate('json', ZEraseAccountRequest),
        async (c) => {
          const identity = c.get('identity');
          const { email } = await accounts.get(identity.userId);
          const attempt = await limited(c, () => limits.admit(clientAddress(c, gatewaySecret), email));
          await erasures.eraseOwn(identity.userId, c.req.valid('json').password);
          await attempt.succeeded();
          return c.json({ message: erasureMessages.started }, 202);
        },
      )
      /** "Sign out everywhere else": every other session ends, and this browser gets a new token. */
      .post('/sign-out-others', authenticate(verifyToken), async (c) => {
        const session = await opened(c, await settings.signOutOthers(c.get('identity')));
        return c.json({ message: accountSettingsMessages.signedOutElsewhere, ...session });
      })
      /** The account's sessions that still work, this browser's marked. */
      .get('/sessions', authenticate(verifyToken), async (c) => {
        return c.json({ sessions: await sessionList.list(c.get('identity')) });
      })
      /** Signs out one of the account's sessions (another device), as its own Logout would. */
      .delete('/sessions/:id', authenticate(verifyToken), validate('param', ZSessionId), async (c) => {
        await sessionList.signOut(c.get('identity'), c.req.valid('param').id);
        return c.json({ message: sessionListMessages.signedOut });
      })
      /** The shell calls it at every start: the session's "last used" moves (at most once a minute). */
      .get('/me', authenticate(verifyToken), async (c) => {
        const identity = c.get('identity');
        void sessions.used(identity.tokenId).catch(onQuietError);
        const user = await accounts.get(identity.userId);
        const { userId: id, email, userType, emailConfirmed } = user;
        return c.json({ user: { id, email, userType, emailConfirmed } });
      })
  );
}
