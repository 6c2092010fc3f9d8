import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { type ApiClient, createApiClient, createFileClient, endSession, type FileClient } from './api';
import { createSessionStore, readUser, type Session, type SessionStore, type StoredUser } from './session';

export type WebPlatform = {
  session: SessionStore;
  api: ApiClient;
  /** Downloads a file (an export) with the same token and the same refusals as `api`. */
  apiFile: FileClient;
  /** Forgets the session here and ends it on the server. */
  signOut: () => void;
  /**
   * Asks the server who is signed in (`GET /auth/me`) and keeps that user with the session: the
   * shell's start-up check, and after an address was confirmed. A 401 clears the session;
   * signed out, it asks nothing.
   */
  refreshUser: () => Promise<void>;
};

export type WebPlatformOptions = {
  apiBaseUrl: string;
  onUnauthorized: () => void;
};

/**
 * A session store and the API clients on it (JSON and files); `signOut` also ends the session on
 * the server.
 */
export function createWebPlatform(
  { apiBaseUrl, onUnauthorized }: WebPlatformOptions,
  storage?: Storage,
): WebPlatform {
  const session = createSessionStore(storage);
  const api = createApiClient({ baseUrl: apiBaseUrl, session, onUnauthorized });
  return {
    session,
    api,
    apiFile: createFileClient({ baseUrl: apiBaseUrl, session, onUnauthorized }),
    signOut: () => {
      const token = session.get()?.token;
      session.clear();
      if (token) void endSession(apiBaseUrl, token);
    },
    refreshUser: async () => {
      // signed out, the call would answer 401, which opens /login
      if (!session.get()) return;
      const answer = await api('/auth/me');
      const user = readUser((answer as { user?: unknown } | undefined)?.user);
      if (user) session.updateUser(user);
    },
  };
}

let platform: WebPlatform | undefined;

/**
 * Sets up the one session store and API client. The shell calls it first; a remote
 * running on its own calls it in its standalone bootstrap. Being a shared singleton
 * module, every remote sees the shell's instance.
 */
export function configureWebPlatform(options: WebPlatformOptions): WebPlatform {
  platform ??= createWebPlatform(options);
  return platform;
}

export function getWebPlatform(): WebPlatform {
  if (!platform) throw new Error('configureWebPlatform() must run before the app renders');
  return platform;
}

const PlatformContext = createContext<WebPlatform | undefined>(undefined);

export function WebPlatformProvider({ value, children }: { value: WebPlatform; children: ReactNode }) {
  return createElement(PlatformContext.Provider, { value }, children);
}

const usePlatform = () => useContext(PlatformContext) ?? getWebPlatform();

export function useApi(): ApiClient {
  return usePlatform().api;
}

/** The file client: `const file = await apiFile('/admin/contact-logs/export', { query })`. */
export function useApiFile(): FileClient {
  return usePlatform().apiFile;
}

export type SessionState = {
  session: Session | null;
  isAuthenticated: boolean;
  signIn: (session: Session) => void;
  signOut: () => void;
  /** Keeps a newer copy of the signed-in user (e.g. the address now confirmed). */
  updateUser: (user: StoredUser) => void;
  refreshUser: () => Promise<void>;
};

export function useSession(): SessionState {
  const { session: store, signOut, refreshUser } = usePlatform();
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  return {
    session,
    isAuthenticated: session !== null,
    signIn: store.set,
    signOut,
    updateUser: store.updateUser,
    refreshUser,
  };
}
