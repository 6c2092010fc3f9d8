import { sessionStandingPath, ZSessionStanding } from '@meritmatch/contracts';
import type { TokenConfirmation } from './auth';
import { createOwnerClient } from './owner-client';

/**
 * A token confirmed by the auth service, the owner of accounts and sessions: its 401 comes back
 * as it is, and an auth service that cannot be asked is a 503 naming it.
 */
export function confirmWithAuth(authUrl: string, timeoutMs = 2000): TokenConfirmation {
  const call = createOwnerClient({ name: 'auth', baseUrl: authUrl, timeoutMs });
  return async (token) => {
    await call(sessionStandingPath, { token, schema: ZSessionStanding });
  };
}
