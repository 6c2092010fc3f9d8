import { createDecipheriv, createHash, randomUUID } from 'node:crypto';
import { call, type JsonAnswer, type Stack } from '@meritmatch/testkit';
import { importJWK, type JWK, SignJWT } from 'jose';
import { MongoClient } from 'mongodb';
import { expect } from 'vitest';

/**
 * One heading of the suite: every attempt is counted, and every attempt the product accepted
 * when it should not have. The heading prints "tried N, accepted wrongly M" when it is done,
 * and fails if M is not 0.
 */
export function heading(name: string) {
  let tried = 0;
  const wrong: string[] = [];
  return {
    /** An attempt the product must refuse: `refused` says whether it did. */
    attempt(what: string, refused: boolean) {
      tried += 1;
      if (!refused) wrong.push(what);
    },
    report() {
      process.stdout.write(`[security] ${name}: tried ${tried}, accepted wrongly ${wrong.length}\n`);
      expect(wrong, `${name}: accepted wrongly`).toEqual([]);
      expect(tried).toBeGreaterThan(0);
    },
  };
}

export type Heading = ReturnType<typeof heading>;

/** The public door and every service's own door (a call that bypasses the gateway gains nothing). */
export const doors = (stack: Stack) => ({
  gateway: stack.api,
  auth: `${stack.url('auth')}/api`,
  profile: `${stack.url('profile')}/api`,
  matching: `${stack.url('matching')}/api`,
  admin: `${stack.url('admin')}/api`,
});

/** A route each door serves to a signed-in user of the role, to try a token against. */
export const probeRouteOf: Record<string, string> = {
  gateway: '/auth/me',
  auth: '/auth/me',
  profile: '/job-seeker/profile',
  matching: '/employer/requests',
  admin: '/admin/stats',
};

/** Whether a token is refused by a door: 401 is the only acceptable answer for a bad token. */
export async function refusedBy(base: string, path: string, token: string) {
  const answer = await call(`${base}${path}`, { token });
  return answer.status === 401;
}

type SealedKey = { kek: string; iv: string; tag: string; data: string };

/**
 * Opens the newest signing key the way the auth service does, with the stack's key-encryption
 * key: the tools of an attacker who has the database AND the KEK, to make validly signed tokens
 * the product must still refuse (a user who does not exist, a wrong type, a token too old).
 */
export async function signingKeyOf(stack: Stack, mongoUrl: string) {
  const client = new MongoClient(mongoUrl);
  await client.connect();
  try {
    const keys = await client
      .db(`${stack.namespace}_auth`)
      .collection<{ _id: string; sealedPrivateJwk: SealedKey; createdAt: Date }>('signing_keys')
      .find()
      .sort({ createdAt: -1 })
      .toArray();
    const newest = keys[0];
    if (!newest) throw new Error('no signing key');
    const kek = Buffer.from(stack.secrets.signingKeyEncryptionKey, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      kek,
      Buffer.from(newest.sealedPrivateJwk.iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(newest._id));
    decipher.setAuthTag(Buffer.from(newest.sealedPrivateJwk.tag, 'base64url'));
    const jwk = JSON.parse(
      Buffer.concat([
        decipher.update(Buffer.from(newest.sealedPrivateJwk.data, 'base64url')),
        decipher.final(),
      ]).toString(),
    ) as JWK;
    return { kid: newest._id, key: await importJWK(jwk, 'EdDSA') };
  } finally {
    await client.close();
  }
}

/** A token like the auth service's, with any claim or header changed. */
export async function mintToken(
  signer: { kid: string; key: Parameters<SignJWT['sign']>[0] },
  {
    sub = randomUUID(),
    role = 'admin',
    typ = 'at+jwt',
    issuedAtMs = Date.now(),
    lifetimeSeconds = 3600,
    issuer = 'meritmatch-auth',
    audience = 'meritmatch',
  }: Partial<{
    sub: string;
    role: string;
    typ: string;
    issuedAtMs: number;
    lifetimeSeconds: number;
    issuer: string;
    audience: string;
  }> = {},
) {
  const iat = Math.floor(issuedAtMs / 1000);
  return new SignJWT({ role, iat_ms: issuedAtMs })
    .setProtectedHeader({ alg: 'EdDSA', kid: signer.kid, typ })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(sub)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(signer.key);
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const statusOf = (answer: JsonAnswer) => answer.status;
