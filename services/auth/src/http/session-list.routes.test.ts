import { sessionListMessages, ZSessionsAnswer } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, authHarness } from '../testing/harness';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/**
 * "Sessions" in Account settings: each sign-in is listed with its device, when it signed in and
 * when it was last used, and each can be signed out from another one.
 */
describe('the list of sessions', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    // every use moves "last used" here (a minute apart otherwise)
    auth = await authHarness({ SESSION_LAST_USED_EVERY_SECONDS: '0' });
  });

  const signInWith = async (email: string, password: string, userAgent: string) => {
    const answer = await auth.signIn(email, password, { 'user-agent': userAgent });
    expect(answer.status, answer.text).toBe(200);
    return (answer.body as { token: string }).token;
  };
  const list = async (token: string) => {
    const answer = await auth.call('/api/auth/sessions', { token });
    expect(answer.status, answer.text).toBe(200);
    return ZSessionsAnswer.parse(answer.body).sessions;
  };
  const works = async (token: string) => (await auth.call('/api/auth/me', { token })).status === 200;

  it('lists every sign-in with its device, marks this one, and signs another out', async () => {
    const account = await auth.register('job_seeker');
    const laptop = await signInWith(account.email, account.password, chrome);
    const phone = await signInWith(account.email, account.password, iphone);

    const sessions = await list(laptop);
    // the registration's session too (the test's client has no browser name)
    expect(sessions).toHaveLength(3);
    expect(sessions.map((s) => s.device).slice(0, 2)).toEqual(['Safari on iOS', 'Chrome on Linux']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Linux']);
    for (const session of sessions) expect(JSON.stringify(session)).not.toMatch(/127\.0\.0\.1|::1/);

    // a use moves "last used" (a few milliseconds on: in process, the calls may share one)
    const before = sessions.find((s) => s.device === 'Safari on iOS')!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await works(phone)).toBe(true);
    const after = (await list(laptop)).find((s) => s.id === before.id)!;
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThan(Date.parse(before.lastUsedAt));

    // the laptop signs the phone out: its token is refused at once, and it leaves the list
    const ended = await auth.call(`/api/auth/sessions/${before.id}`, { method: 'DELETE', token: laptop });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toEqual({ message: sessionListMessages.signedOut });
    expect(await works(phone)).toBe(false);
    expect((await list(laptop)).map((s) => s.id)).not.toContain(before.id);
    expect(await works(laptop)).toBe(true);

    // once more, or a session that is not this account's: not found
    const again = await auth.call(`/api/auth/sessions/${before.id}`, { method: 'DELETE', token: laptop });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND', message: sessionListMessages.unknown });
    const stranger = await auth.register('employer');
    const theirs = (await list(stranger.token))[0]!;
    const foreign = await auth.call(`/api/auth/sessions/${theirs.id}`, {
      method: 'DELETE',
      token: laptop,
    });
    expect(foreign.status).toBe(404);
    expect(await works(stranger.token)).toBe(true);
    const bad = await auth.call('/api/auth/sessions/not-an-id', { method: 'DELETE', token: laptop });
    expect(bad.status).toBe(400);
  });

  it('keeps only this browser after "Sign out everywhere else", and none after a new password elsewhere', async () => {
    const account = await auth.register('employer');
    const laptop = await signInWith(account.email, account.password, chrome);
    await signInWith(account.email, account.password, iphone);
    const kept = await auth.call('/api/auth/sign-out-others', {
      body: {},
      token: laptop,
      headers: { 'user-agent': chrome },
    });
    expect(kept.status, kept.text).toBe(200);
    const newToken = (kept.body as { token: string }).token;
    const sessions = await list(newToken);
    expect(sessions.map((s) => [s.device, s.current])).toEqual([['Chrome on Linux', true]]);

    // logging out ends this one too
    expect((await auth.call('/api/auth/logout', { body: {}, token: newToken })).status).toBe(200);
    const other = await signInWith(account.email, account.password, iphone);
    expect((await list(other)).map((s) => s.device)).toEqual(['Safari on iOS']);
  });

  it('needs a signed-in caller', async () => {
    expect((await auth.call('/api/auth/sessions')).status).toBe(401);
    expect((await auth.signIn('nobody@example.com', 'x-y-z-1234')).status).toBe(401);
  });
});
