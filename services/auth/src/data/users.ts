import {
  type AggregateStore,
  type AggregateStoreOptions,
  aggregateSchemaFields,
  createKeyIndex,
  findByIds,
  withoutStoreFields,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import { type Account, toUser, type User } from '../domain/account';
import type { AccountQueries } from '../domain/accounts';

type AccountDoc = Omit<Account, 'email'> & {
  /** The e-mail, lower-cased: sign-in is one `_id` lookup, and uniqueness is case-insensitive. */
  _id: string;
  email: string;
};

const userSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, unique: true },
    email: { type: String, required: true },
    passwordHash: { type: String, required: true },
    userType: { type: String, required: true, enum: ['job_seeker', 'employer', 'admin'] },
    status: { type: String, required: true, enum: ['active', 'suspended', 'deleted'] },
    statusChangedAt: { type: Date, required: true },
    sessionsEndedAt: { type: Date, default: null },
    passwordChangedAt: { type: Date, default: null },
    emailConfirmedAt: { type: Date, default: null },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

const toDoc = (account: Account) => ({ _id: account.email, ...account });
const fromDoc = (doc: AccountDoc): Account => ({
  userId: doc.userId,
  email: doc.email,
  userType: doc.userType,
  status: doc.status,
  createdAt: doc.createdAt,
  statusChangedAt: doc.statusChangedAt,
  passwordHash: doc.passwordHash,
  sessionsEndedAt: doc.sessionsEndedAt ?? null,
  passwordChangedAt: doc.passwordChangedAt ?? null,
  emailConfirmedAt: doc.emailConfirmedAt ?? null,
  // accounts stored before the store kept versions start at 1
  version: doc.version ?? 1,
  updatedAt: doc.updatedAt ?? doc.statusChangedAt,
});

/** Makes the account store: the platform's (with its relay), or a bare one for the command-line tools. */
export type AccountStoreFactory = (
  options: Omit<AggregateStoreOptions<Account>, 'relay' | 'guard'>,
) => AggregateStore<Account>;

/** The account store and the reads across accounts. */
export async function createAccountData(connection: Connection, storeFor: AccountStoreFactory) {
  const Users = connection.model('User', userSchema, 'users');
  // accounts written before versions were kept get one, so that the version guard holds
  await Users.updateMany({ version: { $exists: false } }, { $set: { version: 1, updatedAt: new Date() } });
  // user id → e-mail (the account's `_id`): an account found by its user id with two `_id` reads
  const userKeys = createKeyIndex(connection, 'user_keys');
  const created = storeFor({ model: Users, toDoc, fromDoc });
  const store = userKeys.indexing(created, (account) => ({ key: account.userId, id: account.email }));
  const accountOf = (userId: string) =>
    userKeys.find(userId, {
      byId: (email) => store.load(email),
      holds: (account) => account.userId === userId,
      scan: async () => {
        const doc = await Users.findOne({ userId }, withoutStoreFields).lean<AccountDoc>();
        return doc ? fromDoc(doc) : null;
      },
      idOf: (account) => account.email,
    });
  const queries: AccountQueries = {
    accountOf,
    async lookup(userIds) {
      return (await findByIds(userIds, accountOf)).map(toUser);
    },
    async list(): Promise<User[]> {
      const docs = await Users.find({}, { passwordHash: 0, _outbox: 0, _commands: 0 })
        .sort({ createdAt: -1 })
        .lean<AccountDoc[]>();
      return docs.map((doc) => toUser(fromDoc(doc)));
    },
  };
  return { store, queries, model: Users };
}
