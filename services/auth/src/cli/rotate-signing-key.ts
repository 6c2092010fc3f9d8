/**
 * Adds a new signing key; the running auth service signs with it within seconds, the
 * gateway and services pick it up from the JWKS, and tokens signed with older keys stay
 * valid until they expire. Usage:
 *   MONGO_URL=… [MONGO_DB=…] SIGNING_KEY_ENCRYPTION_KEY=… npm run rotate-signing-key -w @meritmatch/auth
 * To rotate the key-encryption key itself: start the service with the new one as
 * SIGNING_KEY_ENCRYPTION_KEY and the old one as SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS once;
 * it seals every signing key again at start.
 */
import { connectMongo, parseEnv, ZDataEnv } from '@meritmatch/service-kit';
import { createSigningKeyRepository } from '../data/signing-keys';
import { keyEncryptionKeys, ZKeyEncryptionEnv } from '../env';

const env = parseEnv(ZDataEnv.pick({ MONGO_URL: true, MONGO_DB: true }).extend(ZKeyEncryptionEnv.shape));
const connection = await connectMongo({ url: env.MONGO_URL, dbName: env.MONGO_DB ?? 'meritmatch_auth' });
const key = await createSigningKeyRepository(connection, keyEncryptionKeys(env)).create();
process.stdout.write(`new signing key ${key.id}\n`);
await connection.close();
