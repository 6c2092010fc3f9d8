/**
 * Adds a new signing key; the running auth service signs with it within seconds, the
 * gateway and services pick it up from the JWKS, and tokens signed with older keys stay
 * valid until they expire. Usage: MONGO_URL=… [MONGO_DB=…] npm run rotate-signing-key -w @meritmatch/auth
 */
import { connectMongo, parseEnv, ZDataEnv } from '@meritmatch/service-kit';
import { createSigningKeyRepository } from '../data/signing-keys';

const env = parseEnv(ZDataEnv.pick({ MONGO_URL: true, MONGO_DB: true }));
const connection = await connectMongo({ url: env.MONGO_URL, dbName: env.MONGO_DB ?? 'meritmatch_auth' });
const key = await createSigningKeyRepository(connection).create();
process.stdout.write(`new signing key ${key._id}\n`);
await connection.close();
