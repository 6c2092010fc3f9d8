/**
 * Rebuilds the `users` topic from the accounts: every user's registration with its current
 * status goes through the outbox, published by the running auth service. (The topic is
 * compacted: this becomes each user's last event, which is what every process reads.)
 * Usage: MONGO_URL=… [MONGO_DB=…] npm run republish-users -w @meritmatch/auth
 */
import { connectMongo, offlineAggregateStores, parseEnv, ZDataEnv } from '@meritmatch/service-kit';
import { createServiceAccountData } from '../data/service-accounts';
import { createAccountData } from '../data/users';
import { isConfirmed } from '../domain/account';
import { userRegistered } from '../messaging/user-events';

const env = parseEnv(ZDataEnv.pick({ MONGO_URL: true, MONGO_DB: true }));
const connection = await connectMongo({ url: env.MONGO_URL, dbName: env.MONGO_DB ?? 'meritmatch_auth' });
const stores = await offlineAggregateStores(connection);
const users = await createAccountData(connection, stores);
const queued = await users.store.republishAll((account) => [
  userRegistered({ ...account, emailConfirmed: isConfirmed(account) }),
]);
// service accounts are subjects of tokens too: every process must know them
const services = createServiceAccountData(connection, stores);
const queuedServices = await services.store.republishAll((account) => [
  userRegistered({ ...account, userType: 'service', emailConfirmed: false }),
]);
process.stdout.write(
  `queued the events of ${queued} users and ${queuedServices} service accounts; the auth service publishes them\n`,
);
await connection.close();
