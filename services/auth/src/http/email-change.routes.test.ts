import { randomBytes } from 'node:crypto';
import { accountSettingsMessages, emailChangeMessages, ZMeResponse } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, authHarness } from '../testing/harness';

/**
 * A change of address needs the current password, and an address nobody uses; a newer change
 * ends the older link, and an address taken meanwhile is refused. Tokens are read as the
 * notifications service reads them to mail them (the e-mails: flows.int.test.ts).
 */
describe('a change of e-mail address', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await authHarness();
  });

  const newAddress = () => `moved-${randomBytes(4).toString('hex')}@example.com`;
  const ask = (token: string, body: unknown) => auth.call('/api/auth/email-change', { body, token });
  // as the browser sends it: every write with an idempotency key of its own
  const confirm = (token: string) =>
    auth.call('/api/auth/confirm-email', {
      body: { token },
      headers: { 'idempotency-key': `confirm-${randomBytes(8).toString('hex')}` },
    });
  const me = async (token: string) =>
    ZMeResponse.parse((await auth.call('/api/auth/me', { token })).body).user;
  /** The token of the account's newest open link to change its address. */
  const newestToken = async (userId: string) =>
    (await auth.linkTokens(userId, 'email-change')).at(-1) as string;

  it('refuses a wrong password, the same address, a taken address and a caller without a session', async () => {
    const account = await auth.register('employer');
    const other = await auth.register('job_seeker');
    const wrong = await ask(account.token, { newEmail: newAddress(), currentPassword: 'not-my-password-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: accountSettingsMessages.wrongCurrentPassword,
      details: [{ path: 'currentPassword' }],
    });
    const same = await ask(account.token, { newEmail: account.email, currentPassword: account.password });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      message: emailChangeMessages.sameAddress,
      details: [{ path: 'newEmail' }],
    });
    const taken = await ask(account.token, { newEmail: other.email, currentPassword: account.password });
    expect(taken.status).toBe(409);
    const bad = await ask(account.token, { newEmail: 'not an address', currentPassword: account.password });
    expect(bad.status).toBe(400);
    expect((await auth.call('/api/auth/email-change', { body: {} })).status).toBe(401);
    expect(
      auth.links.all().filter((link) => link.userId === account.id && link.kind === 'email-change'),
    ).toHaveLength(0);
    expect(await me(account.token)).toMatchObject({ email: account.email });
  });

  it('ends an older link when a newer change is asked, and refuses an address taken meanwhile', async () => {
    const account = await auth.register('job_seeker');
    const first = newAddress();
    const second = newAddress();
    expect((await ask(account.token, { newEmail: first, currentPassword: account.password })).status).toBe(
      202,
    );
    const firstToken = await newestToken(account.id);
    expect((await ask(account.token, { newEmail: second, currentPassword: account.password })).status).toBe(
      202,
    );
    const secondToken = await newestToken(account.id);
    expect((await confirm(secondToken)).status).toBe(200);
    const older = await confirm(firstToken);
    expect(older.status).toBe(400);
    expect(older.body).toMatchObject({
      message: emailChangeMessages.invalidLink,
      details: [{ path: 'token' }],
    });
    expect(await me(account.token)).toMatchObject({ email: second });

    // a third change whose address somebody registers before the link is opened
    const third = newAddress();
    expect((await ask(account.token, { newEmail: third, currentPassword: account.password })).status).toBe(
      202,
    );
    const thirdToken = await newestToken(account.id);
    await auth.register('employer', third);
    expect((await confirm(thirdToken)).status).toBe(409);
    expect(await me(account.token)).toMatchObject({ email: second });
  });
});
