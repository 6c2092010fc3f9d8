import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { type ApiClient, createApiClient, endSession } from './api';
import { createSessionStore, type Session, type SessionStore } from './session';

export type WebPlatform = {
  session: SessionStore;
  api: ApiClient;
  /** Forgets the session here and ends it on the server. */
  signOut: () => void;
};

export type WebPlatformOptions = {
  apiBaseUrl: string;
  onUnauthorized: () => void;
};

/** A session store and the API client on it; `signOut` also ends the session on the server. */
export function createWebPlatform(
  { apiBaseUrl, onUnauthorized }: WebPlatformOptions,
  storage?: Storage,
): WebPlatform {
  const session = createSessionStore(storage);
  return {
    session,
    api: createApiClient({ baseUrl: apiBaseUrl, session, onUnauthorized }),
    signOut: () => {
      const token = session.get()?.token;
      session.clear();
      if (token) void endSession(apiBaseUrl, token);
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

export type SessionState = {
  session: Session | null;
  isAuthenticated: boolean;
  signIn: (session: Session) => void;
  signOut: () => void;
};

export function useSession(): SessionState {
  const { session: store, signOut } = usePlatform();
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  return { session, isAuthenticated: session !== null, signIn: store.set, signOut };
}
