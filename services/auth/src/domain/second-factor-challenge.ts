import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** What a challenge says: whose password was right, when, until when it works, and whether it enrols. */
export type Challenge = { userId: string; issuedAtMs: number; expiresAtMs: number; enrol: boolean };

const ZClaims = z.object({ u: z.string(), i: z.number(), e: z.number(), n: z.boolean() });

/**
 * The challenge POST /api/auth/login gives an admin in place of a session: `<claims>.<MAC>`, the
 * MAC an HMAC-SHA-256 under a key derived from the key-encryption key (its own HKDF label, so it
 * is never a link token, and never an access token: those are EdDSA JWTs). Nothing is stored:
 * any instance checks it, and it stops working when it expires or the account changes (see
 * second-factors.ts). It opens nothing alone: the step still needs a code.
 */
export function createChallenges(keyEncryptionKey: Buffer) {
  const key = Buffer.from(
    hkdfSync('sha256', keyEncryptionKey, Buffer.alloc(0), 'meritmatch second-factor challenges', 32),
  );
  const macOf = (claims: string) => createHmac('sha256', key).update(claims).digest('base64url');
  return {
    issue(challenge: Challenge): string {
      const claims = Buffer.from(
        JSON.stringify({
          u: challenge.userId,
          i: challenge.issuedAtMs,
          e: challenge.expiresAtMs,
          n: challenge.enrol,
        }),
      ).toString('base64url');
      return `${claims}.${macOf(claims)}`;
    },
    /** The challenge, if it is ours (its MAC checks out) and has not expired; null otherwise. */
    read(token: string, now: number): Challenge | null {
      const dot = token.lastIndexOf('.');
      if (dot < 1) return null;
      const claims = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(macOf(claims));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: z.infer<typeof ZClaims>;
      try {
        parsed = ZClaims.parse(JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')));
      } catch {
        return null;
      }
      if (parsed.e <= now) return null;
      return { userId: parsed.u, issuedAtMs: parsed.i, expiresAtMs: parsed.e, enrol: parsed.n };
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
