import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api';
import { createWebPlatform } from './context';
import { isSuccessMessage } from './form-message';
import { createSessionStore, displayNameOf, homeFor, userTypeLabel } from './session';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const user = {
  id: '0f8c2b9e-1d4a-4c1e-9a55-3f0b7a1e2c3d',
  email: 'jane.doe@example.com',
  userType: 'job_seeker' as const,
};

describe('session store', () => {
  it('restores a session only when both token and user are stored', () => {
    const storage = new MemoryStorage();
    storage.setItem('token', 'a.b.c');
    expect(createSessionStore(storage).get()).toBeNull();
    storage.setItem('user', JSON.stringify(user));
    expect(createSessionStore(storage).get()).toEqual({ token: 'a.b.c', user });
    storage.setItem('user', '{not json');
    expect(createSessionStore(storage).get()).toBeNull();
  });

  it('keeps token and user under their keys, and clears both', () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ token: 't.o.k', user });
    expect(storage.getItem('token')).toBe('t.o.k');
    expect(JSON.parse(storage.getItem('user')!)).toEqual(user);
    store.clear();
    expect(storage.length).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('the confirmed address', () => {
  it('keeps whether the address is confirmed, and leaves it unknown in a session stored before it existed', () => {
    const storage = new MemoryStorage();
    storage.setItem('token', 'a.b.c');
    storage.setItem('user', JSON.stringify({ ...user, emailConfirmed: false }));
    expect(createSessionStore(storage).get()?.user.emailConfirmed).toBe(false);
    storage.setItem('user', JSON.stringify(user));
    expect(createSessionStore(storage).get()?.user).not.toHaveProperty('emailConfirmed');
    storage.setItem('user', JSON.stringify({ ...user, emailConfirmed: 'yes' }));
    expect(createSessionStore(storage).get()?.user).not.toHaveProperty('emailConfirmed');
  });

  it('updates the stored user of the same person only', () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage);
    store.set({ token: 't.o.k', user: { ...user, emailConfirmed: false } });
    store.updateUser({ ...user, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', emailConfirmed: true });
    expect(store.get()?.user.emailConfirmed).toBe(false);
    store.updateUser({ ...user, emailConfirmed: true });
    expect(store.get()).toEqual({ token: 't.o.k', user: { ...user, emailConfirmed: true } });
    expect(JSON.parse(storage.getItem('user')!)).toEqual({ ...user, emailConfirmed: true });
    store.clear();
    store.updateUser({ ...user, emailConfirmed: true });
    expect(store.get()).toBeNull();
    expect(storage.getItem('user')).toBeNull();
  });

  it('refreshes the stored user from /auth/me', async () => {
    const storage = new MemoryStorage();
    storage.setItem('token', 'a.b.c');
    storage.setItem('user', JSON.stringify(user));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ user: { ...user, emailConfirmed: false } }))),
    );
    const platform = createWebPlatform(
      { apiBaseUrl: 'http://api.test/api', onUnauthorized: () => undefined },
      storage,
    );
    await platform.refreshUser();
    expect(platform.session.get()?.user.emailConfirmed).toBe(false);
    expect(JSON.parse(storage.getItem('user')!)).toEqual({ ...user, emailConfirmed: false });
    vi.unstubAllGlobals();
  });
});

describe('API client', () => {
  it('sends the bearer token and, on any 401, clears the session and reports it', async () => {
    const storage = new MemoryStorage();
    const session = createSessionStore(storage);
    session.set({ token: 't.o.k', user });
    const onUnauthorized = vi.fn();
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Invalid token', code: 'UNAUTHENTICATED' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const api = createApiClient({ baseUrl: 'http://api.test/api', session, onUnauthorized });
    await expect(api('/job-seeker/profile')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid token',
      fromServer: true,
    });
    expect(fetchMock).toHaveBeenCalledWith(
      new URL('http://api.test/api/job-seeker/profile'),
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer t.o.k' }) }),
    );
    expect(session.get()).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});

describe('small rules', () => {
  it('tells success messages from errors by the word successfully', () => {
    expect(isSuccessMessage('Experience added successfully!')).toBe(true);
    expect(isSuccessMessage('Successfully unmatched from candidate')).toBe(true);
    expect(isSuccessMessage('Error saving experience')).toBe(false);
  });

  it('routes each role home and shows names as the spec says', () => {
    expect(homeFor('job_seeker')).toBe('/job-seeker');
    expect(homeFor('employer')).toBe('/employer');
    expect(homeFor('admin')).toBe('/admin');
    expect(homeFor('martian')).toBe('/');
    expect(displayNameOf('jane.doe@example.com')).toBe('jane.doe');
    expect(userTypeLabel('job_seeker')).toBe('job seeker');
  });
});
