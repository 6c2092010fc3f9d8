import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import { z } from 'zod';

/**
 * Private signing keys are kept sealed: AES-256-GCM under a key-encryption key (KEK) that comes
 * from the environment (or a secrets file), never from the database. The key id is bound to the
 * ciphertext (associated data), so a sealed key cannot be moved to another id. Someone who can
 * read the database but not the KEK cannot sign a token.
 */
export type SealedKey = { alg: 'A256GCM'; kek: string; iv: string; tag: string; data: string };

export const ZSealedKey = z.object({
  alg: z.literal('A256GCM'),
  kek: z.string(),
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
});

export type KeyEncryptionKeys = {
  /** Seals new keys; opens keys sealed with it. */
  current: Buffer;
  /** Opens keys sealed before a KEK rotation (they are sealed again with the current one). */
  previous?: Buffer | undefined;
};

/** A short, non-secret fingerprint of a KEK: which one sealed a key. */
export const kekId = (kek: Buffer) => createHash('sha256').update(kek).digest('hex').slice(0, 16);

export function sealKey(jwk: JWK, keyId: string, kek: Buffer): SealedKey {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(keyId));
  const data = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return {
    alg: 'A256GCM',
    kek: kekId(kek),
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

export class WrongKeyEncryptionKey extends Error {
  override name = 'WrongKeyEncryptionKey';
}

/** Opens a sealed key with whichever of the KEKs sealed it; a KEK that fits none is a clear error. */
export function openKey(sealed: SealedKey, keyId: string, keks: KeyEncryptionKeys): JWK {
  const kek = [keks.current, keks.previous].find((candidate) => candidate && kekId(candidate) === sealed.kek);
  if (!kek) {
    throw new WrongKeyEncryptionKey(
      `signing key ${keyId} was sealed with another SIGNING_KEY_ENCRYPTION_KEY (fingerprint ${sealed.kek})`,
    );
  }
  const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(sealed.iv, 'base64url'));
  decipher.setAAD(Buffer.from(keyId));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
  const json = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]);
  return JSON.parse(json.toString('utf8')) as JWK;
}
