import type { SessionUser } from '@meritmatch/contracts';

/** The session as SPEC.md keeps it: local storage keys `token` and `user`. */
export const tokenKey = 'token';
export const userKey = 'user';

export type Session = { token: string; user: SessionUser };

type Listener = () => void;

export type SessionStore = {
  get: () => Session | null;
  set: (session: Session) => void;
  clear: () => void;
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
    const user = JSON.parse(rawUser) as Partial<SessionUser> | null;
    // checked by hand: the shell's first screen must not pull in a schema library
    if (typeof user?.id !== 'string' || typeof user.email !== 'string' || typeof user.userType !== 'string')
      return null;
    return { token, user: { id: user.id, email: user.email, userType: user.userType } };
  } catch {
    return null;
  }
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
