import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The tokens of account links (a password reset). A link's token is `<link id>.<MAC>`, the MAC
 * an HMAC-SHA-256 of the id under a key derived from the service's key-encryption key: the
 * service can make the token again when the notifications service asks for it, so the token is
 * never stored, and the database holds only its SHA-256 (a copy of the database opens no
 * account). Without the key, nobody can make a token for an id.
 */
export function createLinkTokens(keyEncryptionKey: Buffer) {
  const key = Buffer.from(
    hkdfSync('sha256', keyEncryptionKey, Buffer.alloc(0), 'meritmatch account links', 32),
  );
  const macOf = (linkId: string) => createHmac('sha256', key).update(linkId).digest('base64url');
  return {
    tokenOf: (linkId: string) => `${linkId}.${macOf(linkId)}`,
    /** The link id a token names, if it is one of ours (its MAC checks out); null otherwise. */
    linkIdOf(token: string): string | null {
      const dot = token.lastIndexOf('.');
      if (dot < 1) return null;
      const linkId = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(macOf(linkId));
      return given.length === expected.length && timingSafeEqual(given, expected) ? linkId : null;
    },
  };
}

export type LinkTokens = ReturnType<typeof createLinkTokens>;

/** What the database keeps of a token. */
export const hashOfToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a token matches the stored hash (compared in constant time). */
export const tokenMatches = (token: string, storedHash: string) => {
  const given = Buffer.from(hashOfToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};
