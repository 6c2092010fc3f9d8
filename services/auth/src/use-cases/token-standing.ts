/** What an account must show for its token to be used: its status and when that last changed. */
export type StandingAccount = {
  status: string;
  createdAt: Date;
  statusChangedAt: Date;
  /** Every session ended then (a password reset); none when never. */
  sessionsEndedAt?: Date | null;
};

export type TokenStandingQuery = {
  userId: string;
  role: string;
  /** When the token was issued (epoch ms, its `iat_ms`). */
  issuedAtMs: number;
  /** The token's id (`jti`): its session. */
  tokenId: string;
};

export type TokenStanding = 'active' | 'unknown' | 'not-active' | 'ended';

/**
 * The registry's rules for a token (service-kit's `UserStatusRegistry`), from the auth service's
 * own database: a token is refused while its account is not active, when it was issued before the
 * account's latest status change (a suspension or deletion, and so before the restore that
 * followed it), when it was issued before every session of the account was ended (a password
 * reset), and when its session was ended by signing out.
 */
export function tokenStanding(
  account: StandingAccount | null,
  { issuedAtMs }: Pick<TokenStandingQuery, 'issuedAtMs'>,
  sessionEnded: boolean,
): TokenStanding {
  if (!account) return 'unknown';
  if (account.status !== 'active') return 'not-active';
  const changed = account.statusChangedAt.getTime() > account.createdAt.getTime();
  if (changed && issuedAtMs <= account.statusChangedAt.getTime()) return 'not-active';
  if (account.sessionsEndedAt && issuedAtMs <= account.sessionsEndedAt.getTime()) return 'ended';
  return sessionEnded ? 'ended' : 'active';
}

/** The use case: the account (a person's or a service's) and the session of one token. */
export function createTokenStanding({
  accountOf,
  serviceAccountOf,
  sessionEnded,
}: {
  accountOf: (userId: string) => Promise<StandingAccount | null>;
  serviceAccountOf: (userId: string) => Promise<StandingAccount | null>;
  sessionEnded: (tokenId: string) => Promise<boolean>;
}) {
  return async (query: TokenStandingQuery): Promise<TokenStanding> => {
    const [account, ended] = await Promise.all([
      query.role === 'service' ? serviceAccountOf(query.userId) : accountOf(query.userId),
      sessionEnded(query.tokenId),
    ]);
    return tokenStanding(account, query, ended);
  };
}

export type TokenStandingCheck = ReturnType<typeof createTokenStanding>;
