import { randomUUID } from 'node:crypto';
import type {
  AuthResponse,
  LoginRequest,
  RegisterRequest,
  UserStatus,
  UserType,
} from '@meritmatch/contracts';
import { ApiError, type Clock, conflict, notFound, systemClock } from '@meritmatch/service-kit';
import { EmailTakenError, type User, type UserRepository } from '../data/users';
import { userRegistered, userStatusChanged } from '../messaging/user-events';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

export const invalidCredentials = 'Invalid email or password';
export const adminProtected = 'Admin accounts cannot be suspended or deleted for security reasons.';

const statusRefusals: Record<Exclude<UserStatus, 'active'>, string> = {
  suspended: 'Your account has been suspended. Please contact support.',
  deleted: 'This account has been deleted. Please contact support to restore it.',
};

export type AccountsDeps = {
  users: UserRepository;
  tokens: TokenService;
  /** Tells the outbox relay that the account's document holds new events. */
  published: (documentKey: string) => void;
  clock?: Clock;
};

export function createAccounts({ users, tokens, published, clock = systemClock }: AccountsDeps) {
  const session = async (user: Pick<User, 'userId' | 'email' | 'userType'>): Promise<AuthResponse> => ({
    user: { id: user.userId, email: user.email, userType: user.userType },
    token: await tokens.issue({ userId: user.userId, userType: user.userType }),
  });

  async function create(email: string, password: string, userType: UserType) {
    const now = clock();
    const user = {
      userId: randomUUID(),
      email: email.toLowerCase(),
      userType,
      status: 'active' as const,
      createdAt: now,
    };
    const passwordHash = await hashPassword(password);
    try {
      const key = await users.insert({ ...user, passwordHash, statusChangedAt: now }, [
        userRegistered(user, clock),
      ]);
      published(key);
    } catch (error) {
      if (error instanceof EmailTakenError) throw conflict('An account with this email already exists');
      throw error;
    }
    return user;
  }

  return {
    async register({ email, password, userType }: RegisterRequest): Promise<AuthResponse> {
      return session(await create(email, password, userType));
    },

    /** Unknown e-mail and wrong password answer alike, after the same work. */
    async login({ email, password }: LoginRequest): Promise<AuthResponse> {
      const credentials = await users.findCredentials(email);
      const valid = credentials
        ? await verifyPassword(credentials.passwordHash, password)
        : await verifyAgainstNothing(password);
      if (!credentials || !valid) throw new ApiError('UNAUTHENTICATED', invalidCredentials);
      if (credentials.status !== 'active')
        throw new ApiError('FORBIDDEN', statusRefusals[credentials.status]);
      return session(credentials);
    },

    /** Creates the first admin from the environment, once; an existing account is left alone. */
    async ensureAdmin(email: string, password: string): Promise<'created' | 'exists'> {
      if (await users.findCredentials(email)) return 'exists';
      try {
        await create(email, password, 'admin');
        return 'created';
      } catch (error) {
        if (error instanceof ApiError && error.code === 'CONFLICT') return 'exists';
        throw error;
      }
    },

    async get(userId: string): Promise<User> {
      const user = await users.findById(userId);
      if (!user) throw notFound('User not found');
      return user;
    },

    list: () => users.list(),

    async changeStatus(userId: string, status: UserStatus): Promise<User> {
      const user = await users.findById(userId);
      if (!user) throw notFound('User not found');
      if (user.userType === 'admin' && status !== 'active') throw new ApiError('FORBIDDEN', adminProtected);
      if (user.status === status) return user;
      const changedAt = clock();
      const event = userStatusChanged(
        { userId, userType: user.userType, status, previousStatus: user.status, changedAt },
        clock,
      );
      const key = await users.setStatus(userId, status, changedAt, [event]);
      if (!key) throw notFound('User not found');
      published(key);
      return { ...user, status, statusChangedAt: changedAt };
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
