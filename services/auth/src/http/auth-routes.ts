import { signedOutMessage, ZLoginRequest, ZRegisterRequest } from '@meritmatch/contracts';
import {
  ApiError,
  type AppEnv,
  authenticate,
  clientAddress,
  type TokenVerifier,
  validate,
} from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { Accounts } from '../domain/accounts';
import type { LoginAttempt, LoginLimits } from './login-limits';

export function authRoutes({
  accounts,
  limits,
  verifyToken,
  gatewaySecret,
}: {
  accounts: Accounts;
  limits: LoginLimits;
  verifyToken: TokenVerifier;
  /** Only a request carrying it has its `x-forwarded-for` believed (see clientAddress). */
  gatewaySecret: string | undefined;
}) {
  return (
    new Hono<AppEnv>()
      .post('/register', validate('json', ZRegisterRequest), async (c) => {
        return c.json(await accounts.register(c.req.valid('json')), 201);
      })
      .post('/login', validate('json', ZLoginRequest), async (c) => {
        const credentials = c.req.valid('json');
        let attempt: LoginAttempt;
        try {
          attempt = await limits.admit(clientAddress(c, gatewaySecret), credentials.email);
        } catch (error) {
          if (error instanceof ApiError && 'retryAfterSeconds' in error) {
            c.header('Retry-After', String(error.retryAfterSeconds));
          }
          throw error;
        }
        // a refused password (or any other failure) stays counted against the account
        const session = await accounts.login(credentials);
        await attempt.succeeded();
        return c.json(session);
      })
      /** The signed-in user, for the shell to confirm a stored session at start (401 when it no longer holds). */
      /** Signing out ends the token's session everywhere, not only in this browser. */
      .post('/logout', authenticate(verifyToken), async (c) => {
        await accounts.logout(c.get('identity'));
        return c.json({ message: signedOutMessage });
      })
      .get('/me', authenticate(verifyToken), async (c) => {
        const user = await accounts.get(c.get('identity').userId);
        return c.json({ user: { id: user.userId, email: user.email, userType: user.userType } });
      })
  );
}
