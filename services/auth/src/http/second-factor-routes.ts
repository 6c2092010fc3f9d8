import {
  secondFactorMessages,
  ZChallengeEnrolmentRequest,
  ZConfirmEnrolmentRequest,
  ZSecondFactorSignInRequest,
} from '@meritmatch/contracts';
import {
  ApiError,
  type AppEnv,
  authenticate,
  clientAddress,
  domainErrorMapper,
  type TokenVerifier,
  validate,
} from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { SignedInSessions } from '../data/signed-in-sessions';
import type { SecondFactorErrorReason, SecondFactors } from '../use-cases/second-factors';
import { limited } from './auth-routes';
import type { SecondFactorLimits } from './second-factor-limits';

/** 400s, never 401s: the shell signs a browser out on any 401, and a wrong code is no reason to. */
export const secondFactorErrors = domainErrorMapper<SecondFactorErrorReason>({
  'second-factor.wrong-code': () =>
    new ApiError('VALIDATION_FAILED', secondFactorMessages.wrongCode, [
      { path: 'code', message: secondFactorMessages.wrongCode },
    ]),
  'second-factor.challenge-expired': () =>
    new ApiError('VALIDATION_FAILED', secondFactorMessages.challengeExpired, [
      { path: 'challenge', message: secondFactorMessages.challengeExpired },
    ]),
  'second-factor.no-enrolment': () =>
    new ApiError('CONFLICT', 'No second factor is being set up. Please start again.'),
});

/**
 * The second step of an admin's sign-in (public: the challenge stands for the password) and the
 * admin's own second factor in Account settings. Mounted under `/api/auth`.
 */
export function secondFactorRoutes({
  secondFactors,
  limits,
  sessions,
  onQuietError,
  verifyToken,
  gatewaySecret,
}: {
  secondFactors: SecondFactors;
  limits: SecondFactorLimits;
  sessions: SignedInSessions;
  onQuietError: (error: unknown) => void;
  verifyToken: TokenVerifier;
  gatewaySecret: string | undefined;
}) {
  const adminOnly = authenticate(verifyToken, ['admin']);
  return (
    new Hono<AppEnv>()
      /** The code (or a recovery code) after the password: the session, counted against the account and the address. */
      .post('/login/second-factor', validate('json', ZSecondFactorSignInRequest), async (c) => {
        const { challenge, code } = c.req.valid('json');
        const userId = await secondFactors.challengedUser(challenge);
        const attempt = await limited(c, () => limits.admit(clientAddress(c, gatewaySecret), userId));
        const answer = await secondFactors.signIn(challenge, code);
        await attempt.succeeded();
        await sessions.opened(answer.token, c.req.header('user-agent')).catch(onQuietError);
        return c.json(answer);
      })
      /** An admin who must enrol before a session: the secret to scan (a new one each time). */
      .post('/login/second-factor/enrolment', validate('json', ZChallengeEnrolmentRequest), async (c) => {
        await limited(c, () => limits.touch(clientAddress(c, gatewaySecret)));
        const enrolment = await secondFactors.enrolForChallenge(c.req.valid('json').challenge);
        c.header('Cache-Control', 'no-store');
        return c.json(enrolment);
      })
      .get('/second-factor', adminOnly, async (c) => {
        return c.json(await secondFactors.status(c.get('identity').userId));
      })
      /** A new authenticator for the signed-in admin: its secret is shown to this admin only, once. */
      .post('/second-factor/enrolment', adminOnly, async (c) => {
        const enrolment = await secondFactors.startEnrolment(c.get('identity').userId);
        c.header('Cache-Control', 'no-store');
        return c.json(enrolment);
      })
      .post(
        '/second-factor/enrolment/confirm',
        adminOnly,
        validate('json', ZConfirmEnrolmentRequest),
        async (c) => {
          const { userId } = c.get('identity');
          const attempt = await limited(c, () => limits.admit(clientAddress(c, gatewaySecret), userId));
          const recoveryCodes = await secondFactors.confirmEnrolment(userId, c.req.valid('json').code);
          await attempt.succeeded();
          c.header('Cache-Control', 'no-store');
          return c.json({ message: secondFactorMessages.enrolled, recoveryCodes });
        },
      )
  );
}
