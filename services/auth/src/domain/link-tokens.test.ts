import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AccountLink, confirmationWorks, linkWorks } from '../use-cases/account-link';
import { createLinkTokens, hashOfToken, tokenMatches } from './link-tokens';

describe('account link tokens', () => {
  const tokens = createLinkTokens(randomBytes(32));

  it('makes the same token again for a link id, and only the key makes one', () => {
    const id = randomUUID();
    const token = tokens.tokenOf(id);
    expect(tokens.tokenOf(id)).toBe(token);
    expect(tokens.linkIdOf(token)).toBe(id);
    // another key's token for the same id is not ours
    expect(tokens.linkIdOf(createLinkTokens(randomBytes(32)).tokenOf(id))).toBeNull();
    // nor is the MAC of another id, or anything that is not a token
    expect(tokens.linkIdOf(`${randomUUID()}.${token.split('.')[1]}`)).toBeNull();
    for (const junk of ['', '.', 'abc', `${id}.`, `.${token.split('.')[1]}`])
      expect(tokens.linkIdOf(junk)).toBeNull();
  });

  it('stores a hash that matches its token alone', () => {
    const token = tokens.tokenOf(randomUUID());
    const hash = hashOfToken(token);
    expect(hash).not.toContain(token.split('.')[1]);
    expect(tokenMatches(token, hash)).toBe(true);
    expect(tokenMatches(tokens.tokenOf(randomUUID()), hash)).toBe(false);
  });
});

describe('a reset link works', () => {
  const made = new Date('2026-11-29T10:00:00Z');
  const link: AccountLink = {
    id: randomUUID(),
    kind: 'password-reset',
    userId: randomUUID(),
    email: 'ada@example.com',
    tokenHash: 'h',
    expiresAt: new Date(made.getTime() + 30 * 60 * 1000),
    usedAt: null,
    version: 1,
    createdAt: made,
    updatedAt: made,
  };
  const at = (minutes: number) => new Date(made.getTime() + minutes * 60 * 1000);

  it('for 30 minutes, once, and only if the password has not changed since it was made', () => {
    expect(linkWorks(link, {}, at(29))).toBe(true);
    expect(linkWorks(link, {}, at(30))).toBe(false);
    expect(linkWorks({ ...link, usedAt: at(1) }, {}, at(2))).toBe(false);
    expect(linkWorks(link, { passwordChangedAt: at(-5) }, at(1))).toBe(true);
    expect(linkWorks(link, { passwordChangedAt: at(1) }, at(2))).toBe(false);
  });
});

describe('a confirmation link works', () => {
  const made = new Date('2026-11-29T10:00:00Z');
  const link: AccountLink = {
    id: randomUUID(),
    kind: 'email-confirmation',
    userId: randomUUID(),
    email: 'ada@example.com',
    tokenHash: 'h',
    expiresAt: new Date(made.getTime() + 24 * 60 * 60 * 1000),
    usedAt: null,
    version: 1,
    createdAt: made,
    updatedAt: made,
  };
  const hours = (n: number) => new Date(made.getTime() + n * 60 * 60 * 1000);

  it('for 24 hours, once, and only for the address it was sent to', () => {
    const account = { email: 'ada@example.com' };
    expect(confirmationWorks(link, account, hours(23.9))).toBe(true);
    expect(confirmationWorks(link, account, hours(24))).toBe(false);
    expect(confirmationWorks({ ...link, usedAt: hours(1) }, account, hours(2))).toBe(false);
    expect(confirmationWorks(link, { email: 'someone.else@example.com' }, hours(1))).toBe(false);
  });
});
