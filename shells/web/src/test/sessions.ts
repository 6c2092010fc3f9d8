import type { SessionUser, UserType } from '@meritmatch/contracts';
import { sessionOf } from '@meritmatch/web-testkit';

/**
 * A session as the server answers it (sign-in, registration, account settings) and as this
 * browser then keeps it: `sessionOf` with whether the address is confirmed.
 */
export function answeredSession(
  userType: UserType,
  { emailConfirmed = true, email }: { emailConfirmed?: boolean; email?: string } = {},
): { token: string; user: SessionUser } {
  const session = sessionOf(userType, email);
  return { token: session.token, user: { ...session.user, emailConfirmed } };
}
