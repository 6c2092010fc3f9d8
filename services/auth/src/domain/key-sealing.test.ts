import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { kekId, openKey, sealKey } from './key-sealing';

describe('sealed signing keys', async () => {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  const kek = randomBytes(32);

  it('opens what it sealed, and the sealed form holds no key material', () => {
    const sealed = sealKey(jwk, 'kid-1', kek);
    expect(JSON.stringify(sealed)).not.toContain(jwk.d);
    expect(sealed.kek).toBe(kekId(kek));
    expect(openKey(sealed, 'kid-1', { current: kek })).toEqual(jwk);
  });

  it('refuses another KEK, another key id, and a changed ciphertext', () => {
    const sealed = sealKey(jwk, 'kid-1', kek);
    expect(() => openKey(sealed, 'kid-1', { current: randomBytes(32) })).toThrow(
      /another SIGNING_KEY_ENCRYPTION_KEY/,
    );
    expect(() => openKey(sealed, 'kid-2', { current: kek })).toThrow();
    const flipped = { ...sealed, data: `${sealed.data.slice(0, -2)}AA` };
    expect(() => openKey(flipped, 'kid-1', { current: kek })).toThrow();
  });

  it('opens a key sealed with the previous KEK after a KEK rotation', () => {
    const old = randomBytes(32);
    const sealed = sealKey(jwk, 'kid-1', old);
    expect(openKey(sealed, 'kid-1', { current: kek, previous: old })).toEqual(jwk);
  });
});
