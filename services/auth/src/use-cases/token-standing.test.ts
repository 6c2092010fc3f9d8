import { describe, expect, it } from 'vitest';
import { createTokenStanding, tokenStanding } from './token-standing';

const created = new Date('2026-11-01T10:00:00Z');
const active = { status: 'active', createdAt: created, statusChangedAt: created };
const at = (iso: string) => ({ issuedAtMs: new Date(iso).getTime() });

describe('a token standing, as the registry would answer it', () => {
  it('is active for an active account never changed, whenever the token was issued', () => {
    expect(tokenStanding(active, at('2026-11-01T10:00:00Z'), false)).toBe('active');
    expect(tokenStanding(active, at('2026-11-02T10:00:00Z'), false)).toBe('active');
  });

  it('is refused while the account is suspended or deleted', () => {
    const changed = new Date('2026-11-05T00:00:00Z');
    expect(
      tokenStanding(
        { ...active, status: 'suspended', statusChangedAt: changed },
        at('2026-11-06T00:00:00Z'),
        false,
      ),
    ).toBe('not-active');
    expect(
      tokenStanding(
        { ...active, status: 'deleted', statusChangedAt: changed },
        at('2026-11-06T00:00:00Z'),
        false,
      ),
    ).toBe('not-active');
  });

  it('refuses a token issued before a restore, and takes one issued after it', () => {
    const restored = { ...active, statusChangedAt: new Date('2026-11-05T00:00:00Z') };
    expect(tokenStanding(restored, at('2026-11-04T00:00:00Z'), false)).toBe('not-active');
    expect(tokenStanding(restored, at('2026-11-05T00:00:01Z'), false)).toBe('active');
  });

  it('refuses an ended session and an account nobody knows', () => {
    expect(tokenStanding(active, at('2026-11-02T00:00:00Z'), true)).toBe('ended');
    expect(tokenStanding(null, at('2026-11-02T00:00:00Z'), false)).toBe('unknown');
  });

  it("reads a service's token from the service accounts and a person's from the accounts", async () => {
    const asked: string[] = [];
    const standing = createTokenStanding({
      accountOf: async (id) => {
        asked.push(`person ${id}`);
        return active;
      },
      serviceAccountOf: async (id) => {
        asked.push(`service ${id}`);
        return null;
      },
      sessionEnded: async () => false,
    });
    const query = { userId: 'u1', tokenId: 't1', issuedAtMs: Date.parse('2026-11-02T00:00:00Z') };
    expect(await standing({ ...query, role: 'employer' })).toBe('active');
    expect(await standing({ ...query, role: 'service' })).toBe('unknown');
    expect(asked).toEqual(['person u1', 'service u1']);
  });

  it('refuses the tokens issued up to the end of every session of the account (a password reset)', () => {
    const account = {
      status: 'active',
      createdAt: new Date('2026-11-01T00:00:00Z'),
      statusChangedAt: new Date('2026-11-01T00:00:00Z'),
      sessionsEndedAt: new Date('2026-11-02T12:00:00Z'),
    };
    const issued = (iso: string) => ({ issuedAtMs: new Date(iso).getTime() });
    expect(tokenStanding(account, issued('2026-11-02T11:59:59Z'), false)).toBe('ended');
    expect(tokenStanding(account, issued('2026-11-02T12:00:00Z'), false)).toBe('ended');
    expect(tokenStanding(account, issued('2026-11-02T12:00:01Z'), false)).toBe('active');
  });
});
