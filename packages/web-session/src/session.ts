import type { SessionUser } from '@meritmatch/contracts';

/** The session as SPEC.md keeps it: local storage keys `token` and `user`. */
export const tokenKey = 'token';
export const userKey = 'user';

/**
 * The user as this browser keeps it. `emailConfirmed` is missing from a session stored before
 * the address could be confirmed: unknown until the shell's start-up `/auth/me` brings it.
 */
export type StoredUser = Omit<SessionUser, 'emailConfirmed'> & { emailConfirmed?: boolean };

export type Session = { token: string; user: StoredUser };

type Listener = () => void;

export type SessionStore = {
  get: () => Session | null;
  set: (session: Session) => void;
  clear: () => void;
  /**
   * Keeps a newer copy of the signed-in user (from `/auth/me`, or a confirmed address) with the
   * token; ignored when no one, or someone else, is signed in by now.
   */
  updateUser: (user: StoredUser) => void;
  subscribe: (listener: Listener) => () => void;
};

/**
 * Reads the saved session once at start: it counts only when both the token and a
 * well-formed user exist. Changes in another tab are picked up through `storage` events.
 */
export function createSessionStore(storage: Storage | undefined = globalThis.localStorage): SessionStore {
  const listeners = new Set<Listener>();
  let current = restore(storage);
  const emit = () => {
    for (const listener of listeners) listener();
  };
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key !== null && event.key !== tokenKey && event.key !== userKey) return;
    current = restore(storage);
    emit();
  });
  return {
    get: () => current,
    set: (session) => {
      storage?.setItem(tokenKey, session.token);
      storage?.setItem(userKey, JSON.stringify(session.user));
      current = session;
      emit();
    },
    updateUser: (user) => {
      if (current?.user.id !== user.id) return;
      current = { token: current.token, user };
      storage?.setItem(userKey, JSON.stringify(user));
      emit();
    },
    clear: () => {
      storage?.removeItem(tokenKey);
      storage?.removeItem(userKey);
      if (current === null) return;
      current = null;
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function restore(storage: Storage | undefined): Session | null {
  const token = storage?.getItem(tokenKey);
  const rawUser = storage?.getItem(userKey);
  if (!token || !rawUser) return null;
  try {
    const user = readUser(JSON.parse(rawUser));
    return user ? { token, user } : null;
  } catch {
    return null;
  }
}

/**
 * A well-formed user from storage or from `/auth/me`, else null. Checked by hand: the shell's
 * first screen must not pull in a schema library. A missing `emailConfirmed` stays missing.
 */
export function readUser(value: unknown): StoredUser | null {
  const user = value as Partial<SessionUser> | null;
  if (typeof user?.id !== 'string' || typeof user.email !== 'string' || typeof user.userType !== 'string')
    return null;
  const known = typeof user.emailConfirmed === 'boolean' ? { emailConfirmed: user.emailConfirmed } : {};
  return { id: user.id, email: user.email, userType: user.userType, ...known };
}

/** Home area by role (SPEC.md section 2); any other or unknown type goes to `/`. */
export function homeFor(userType: string | undefined | null): string {
  switch (userType) {
    case 'job_seeker':
      return '/job-seeker';
    case 'employer':
      return '/employer';
    case 'admin':
      return '/admin';
    default:
      return '/';
  }
}

/** The e-mail's local part, shown as the display name. */
export const displayNameOf = (email: string) => email.split('@')[0] ?? email;

/** `job_seeker` reads `job seeker`. */
export const userTypeLabel = (userType: string) => userType.replaceAll('_', ' ');
