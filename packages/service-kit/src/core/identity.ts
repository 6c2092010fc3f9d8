/** Who a request speaks for, and what the request pipeline keeps of it: the types every layer names. */

export type Identity = {
  userId: string;
  role: 'job_seeker' | 'employer' | 'admin';
  /** The session: the token's `jti`. */
  tokenId: string;
  expiresAt: Date;
};

/**
 * A service of the product calling in its own name (a token with role `service` from the auth
 * service). It is never an `identity`: only areas that name the role accept it, and its routes
 * read it as `service`.
 */
export type ServiceIdentity = Omit<Identity, 'role'> & { role: 'service' };

/** Whoever a valid token speaks for. */
export type Caller = Identity | ServiceIdentity;

export type AppVariables = {
  requestId: string;
  identity: Identity;
  service: ServiceIdentity;
  bearerToken: string;
  /** Why the request failed, for its log line: the error code and message it was answered with. */
  failure: { code: string; message: string };
};
export type AppEnv = { Variables: AppVariables };
