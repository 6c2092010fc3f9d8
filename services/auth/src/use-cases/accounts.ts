import { randomUUID } from 'node:crypto';
import type {
  AuthResponse,
  LoginRequest,
  RegisterRequest,
  UserStatus,
  UserType,
} from '@meritmatch/contracts';
import {
  type AggregateStore,
  type Clock,
  DomainError,
  type Identity,
  systemClock,
} from '@meritmatch/service-kit';
import {
  type Account,
  assertCanSignIn,
  changeStatus,
  isConfirmed,
  toUser,
  type User,
} from '../domain/account';
import { isCommonPassword } from '../domain/passwords-common';
import { type EndedSession, endSession } from '../domain/session';
import { sessionRevoked } from '../messaging/session-events';
import { userRegistered, userStatusChanged } from '../messaging/user-events';
import { type PasswordHashing, pooledPasswordHashing } from '../workers/passwords';
import type { TokenService } from './tokens';

/** Reads of accounts that are not one aggregate. */
export type AccountQueries = {
  /** The account of a user id, or null. */
  accountOf: (userId: string) => Promise<Account | null>;
  /** The account whose address this is (lower-cased), or null. */
  byEmail: (email: string) => Promise<Account | null>;
  /** Drops the key of an address the account no longer has. */
  forgetEmail: (email: string, userId: string) => Promise<void>;
  /** The accounts of these user ids (unknown ones left out), each found by its key. */
  lookup: (userIds: string[]) => Promise<User[]>;
  list: () => Promise<User[]>;
  /**
   * Erases the account and its address key, once its outbox is empty (its last events must be
   * published first): 'events-waiting' until then. An account already gone is 'erased'.
   */
  eraseAccount: (userId: string) => Promise<'erased' | 'events-waiting'>;
  /** The user ids of accounts whose erasure was asked. */
  erasing: () => Promise<string[]>;
  /** Every account, one at a time (the daily retention run). */
  everyAccount: () => AsyncIterable<Account>;
};

export type AccountsDeps = {
  /** Accounts keyed by user id. */
  store: AggregateStore<Account>;
  queries: AccountQueries;
  /** Sessions ended by signing out. */
  sessions: AggregateStore<EndedSession>;
  tokens: TokenService;
  /** Hashes and checks passwords (the service's hashing threads unless given). */
  passwords?: PasswordHashing;
  clock?: Clock;
};

export const accountKey = (email: string) => email.trim().toLowerCase();

class SessionAlreadyEnded extends Error {}

export function createAccounts({
  store,
  queries,
  sessions,
  tokens,
  passwords = pooledPasswordHashing,
  clock = systemClock,
}: AccountsDeps) {
  const session = async (account: Account): Promise<AuthResponse> => ({
    user: {
      id: account.userId,
      email: account.email,
      userType: account.userType,
      emailConfirmed: isConfirmed(account),
    },
    token: await tokens.issue({ userId: account.userId, userType: account.userType }),
  });

  /** An admin made by the operator is confirmed at once: the operator vouches for the address. */
  async function create(email: string, password: string, userType: UserType) {
    const now = clock();
    const account: Account = {
      userId: randomUUID(),
      email: accountKey(email),
      userType,
      status: 'active',
      createdAt: now,
      statusChangedAt: now,
      passwordHash: await passwords.hash(password),
      emailConfirmedAt: userType === 'admin' ? now : null,
      version: 1,
      updatedAt: now,
    };
    const { state } = await store.create(
      account,
      [userRegistered({ ...account, emailConfirmed: isConfirmed(account) }, clock)],
      () => new DomainError('account.email-taken'),
    );
    return state;
  }

  async function byUserId(userId: string) {
    const account = await queries.accountOf(userId);
    if (!account) throw new DomainError('account.not-found');
    return account;
  }

  return {
    async register({ email, password, userType }: RegisterRequest): Promise<AuthResponse> {
      if (isCommonPassword(password)) throw new DomainError('password.common');
      return session(await create(email, password, userType));
    },

    /** Ends the session of this token: every process refuses it within a second. Signing out twice is fine. */
    async logout(identity: Pick<Identity, 'userId' | 'tokenId' | 'expiresAt'>) {
      const ended = endSession(identity, clock());
      await sessions
        .create(ended, [sessionRevoked(ended, clock)], () => new SessionAlreadyEnded())
        .catch((error) => {
          if (!(error instanceof SessionAlreadyEnded)) throw error;
        });
    },

    /** Unknown e-mail and wrong password answer alike, after the same work. */
    async login({ email, password }: LoginRequest): Promise<AuthResponse> {
      const account = await queries.byEmail(accountKey(email));
      const valid = account
        ? await passwords.verify(account.passwordHash, password)
        : await passwords.verifyAgainstNothing(password);
      if (!account || !valid) throw new DomainError('account.invalid-credentials');
      assertCanSignIn(account);
      return session(account);
    },

    /** Creates the first admin from the environment, once; an existing account is left alone. */
    async ensureAdmin(email: string, password: string): Promise<'created' | 'exists'> {
      if (await queries.byEmail(accountKey(email))) return 'exists';
      try {
        await create(email, password, 'admin');
        return 'created';
      } catch (error) {
        if (error instanceof DomainError && error.reason === 'account.email-taken') return 'exists';
        throw error;
      }
    },

    get: async (userId: string): Promise<User> => toUser(await byUserId(userId)),

    list: () => queries.list(),

    lookup: (userIds: string[]) => queries.lookup(userIds),

    async changeStatus(userId: string, status: UserStatus): Promise<User> {
      await byUserId(userId);
      const changed = await store.change(userId, (current) => {
        const next = changeStatus(current, status, clock());
        if (!next) return { next: current, events: [] };
        const change = {
          userId,
          userType: current.userType,
          status,
          previousStatus: current.status,
          emailConfirmed: isConfirmed(current),
        };
        return { next, events: [userStatusChanged({ ...change, changedAt: next.statusChangedAt }, clock)] };
      });
      if (!changed) throw new DomainError('account.not-found');
      return toUser(changed.state);
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
