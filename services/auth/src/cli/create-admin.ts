/**
 * Creates an admin account (admins never register themselves). Reads ADMIN_EMAIL and
 * ADMIN_PASSWORD from the environment so the password never lands in shell history:
 *   ADMIN_EMAIL=ops@example.com ADMIN_PASSWORD='…' MONGO_URL=… npm run create-admin -w @meritmatch/auth
 * The account's event waits in the outbox until the running auth service publishes it.
 */
import {
  connectMongo,
  offlineAggregateStores,
  parseEnv,
  syncIndexes,
  ZDataEnv,
} from '@meritmatch/service-kit';
import { z } from 'zod';
import { createSessionData } from '../data/sessions';
import { createSigningKeyRepository } from '../data/signing-keys';
import { createAccountData } from '../data/users';
import { keyEncryptionKeys, ZKeyEncryptionEnv } from '../env';
import { createAccounts } from '../use-cases/accounts';
import { createTokenService } from '../use-cases/tokens';

const env = parseEnv(
  ZDataEnv.pick({ MONGO_URL: true, MONGO_DB: true })
    .extend(ZKeyEncryptionEnv.shape)
    .extend({
      ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }),
      ADMIN_PASSWORD: z.string().min(12, { message: 'must be at least 12 characters' }),
    }),
);
const connection = await connectMongo({ url: env.MONGO_URL, dbName: env.MONGO_DB ?? 'meritmatch_auth' });
// the running auth service publishes the account's event from its outbox
const stores = await offlineAggregateStores(connection);
const users = await createAccountData(connection, stores);
const sessions = createSessionData(connection, stores);
await syncIndexes(connection);
const tokens = await createTokenService(createSigningKeyRepository(connection, keyEncryptionKeys(env)), {
  ttlSeconds: 60,
});
const outcome = await createAccounts({
  store: users.store,
  queries: users.queries,
  sessions,
  tokens,
}).ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
process.stdout.write(
  outcome === 'created' ? `admin ${env.ADMIN_EMAIL} created\n` : `${env.ADMIN_EMAIL} already exists\n`,
);
await connection.close();
