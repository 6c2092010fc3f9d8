import {
  type AggregateStore,
  type AggregateStoreOptions,
  aggregateSchemaFields,
  findByIds,
  isDuplicateKeyError,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import { type Account, toUser, type User } from '../domain/account';
import type { AccountQueries } from '../use-cases/accounts';

type AccountDoc = Account & {
  /** The user id: an account keeps it when its address changes. */
  _id: string;
};

/**
 * Accounts keyed by user id. The e-mail (lower-cased) is unique by the database's index;
 * `autoIndex` is off so that the index is made only after older accounts are re-keyed (below).
 */
const userSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    userType: { type: String, required: true, enum: ['job_seeker', 'employer', 'admin'] },
    status: { type: String, required: true, enum: ['active', 'suspended', 'deleted'] },
    statusChangedAt: { type: Date, required: true },
    sessionsEndedAt: { type: Date, default: null },
    passwordChangedAt: { type: Date, default: null },
    emailConfirmedAt: { type: Date, default: null },
    erasureRequestedAt: { type: Date, default: null },
    lastSignedInAt: { type: Date, default: null },
    retentionStage: { type: String, enum: ['reminded', 'inactive', null], default: null },
    retentionRemindedAt: { type: Date, default: null },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false, autoIndex: false },
);

type EmailKeyDoc = { _id: string; id: string };
const emailKeySchema = new Schema<EmailKeyDoc>(
  { _id: { type: String, required: true }, id: { type: String, required: true } },
  { versionKey: false },
);

const toDoc = (account: Account) => ({ _id: account.userId, ...account });
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
  erasureRequestedAt: doc.erasureRequestedAt ?? null,
  lastSignedInAt: doc.lastSignedInAt ?? null,
  retentionStage: doc.retentionStage ?? null,
  retentionRemindedAt: doc.retentionRemindedAt ?? null,
  // accounts stored before the store kept versions start at 1
  version: doc.version ?? 1,
  updatedAt: doc.updatedAt ?? doc.statusChangedAt,
});

/** How an account is stored, for the store here and the in-memory one of route tests. */
export const accountStorage = { toDoc, fromDoc };
/** The field the database keeps unique besides `_id` (its index is made at start, below). */
export const uniqueAccountFields = ['email'];

/** Makes the account store: the platform's (with its relay), or a bare one for the command-line tools. */
export type AccountStoreFactory = (
  options: Omit<AggregateStoreOptions<Account>, 'relay' | 'guard'>,
) => AggregateStore<Account>;

/**
 * Accounts were keyed by their e-mail until an address could change. Each such account is
 * copied under its user id (with its outbox: a waiting event may be published twice, never
 * lost) and then removed, so a start that stops half-way is finished by the next. The unique
 * index on the user id, which the copy would break, goes first; the e-mail's is made after.
 */
async function keyByUserId(connection: Connection): Promise<number> {
  const raw = connection.collection('users');
  await raw.dropIndex('userId_1').catch(() => undefined);
  let moved = 0;
  for await (const doc of raw.find({}, { projection: { _id: 1, userId: 1 } })) {
    const { _id: oldId, userId } = doc as unknown as { _id: string; userId: string };
    if (oldId === userId) continue;
    const whole = await raw.findOne({ _id: oldId as never });
    if (!whole) continue;
    await raw.insertOne({ ...whole, _id: userId as never }).catch((error) => {
      if (!isDuplicateKeyError(error)) throw error;
    });
    await raw.deleteOne({ _id: oldId as never, userId });
    moved += 1;
  }
  if (moved > 0)
    await connection
      .collection('user_keys')
      .drop()
      .catch(() => undefined);
  return moved;
}

/** The account store, the e-mail keys and the reads across accounts. */
export async function createAccountData(connection: Connection, storeFor: AccountStoreFactory) {
  const Users = connection.model<AccountDoc>('User', userSchema, 'users');
  const EmailKeys = connection.model<EmailKeyDoc>('EmailKey', emailKeySchema, 'email_keys');
  // accounts written before versions were kept get one, so that the version guard holds
  await Users.updateMany({ version: { $exists: false } }, { $set: { version: 1, updatedAt: new Date() } });
  const rekeyed = await keyByUserId(connection);

  /** e-mail → user id, so that sign-in is two `_id` reads (FerretDB scans for a filter on any other field). */
  const remember = (account: Pick<Account, 'email' | 'userId'>) =>
    EmailKeys.updateOne({ _id: account.email }, { $set: { id: account.userId } }, { upsert: true });

  // a key is written after its account (no transactions): an account a stop left without one gets it here
  const keyed = new Map((await EmailKeys.find({}).lean<EmailKeyDoc[]>()).map((key) => [key._id, key.id]));
  let keysWritten = 0;
  for await (const doc of Users.find({}, { email: 1, userId: 1 }).lean<AccountDoc>().cursor()) {
    if (keyed.get(doc.email) === doc.userId) continue;
    await remember(doc);
    keysWritten += 1;
  }

  const created = storeFor({ model: Users, toDoc, fromDoc });
  const store: AggregateStore<Account> = {
    ...created,
    async create(...args: Parameters<AggregateStore<Account>['create']>) {
      const done = await created.create(...args);
      await remember(done.state);
      return done;
    },
    async change(id: string, decide: Parameters<AggregateStore<Account>['change']>[1]) {
      let before: string | undefined;
      const done = await created.change(id, (current) => {
        before = current.email;
        return decide(current);
      });
      // only a new address needs its key (a replayed change decided nothing here: written again)
      if (done && done.state.email !== before) await remember(done.state);
      return done;
    },
  };
  const accountOf = (userId: string) => store.load(userId);
  const queries: AccountQueries = {
    accountOf,
    async byEmail(email) {
      const key = await EmailKeys.findById(email).lean<EmailKeyDoc>();
      const account = key ? await store.load(key.id) : null;
      return account?.email === email ? account : null;
    },
    async forgetEmail(email, userId) {
      await EmailKeys.deleteOne({ _id: email, id: userId });
    },
    async eraseAccount(userId) {
      const doc = await Users.findById(userId, { email: 1, _outboxCount: 1 }).lean<{
        email: string;
        _outboxCount?: number;
      }>();
      if (!doc) return 'erased';
      // its last events (the account disabled) must reach the topic before the document goes
      if ((doc._outboxCount ?? 0) > 0) return 'events-waiting';
      await EmailKeys.deleteOne({ _id: doc.email, id: userId });
      await Users.deleteOne({ _id: userId, _outboxCount: { $in: [0, null] } });
      return (await Users.exists({ _id: userId })) ? 'events-waiting' : 'erased';
    },
    async *everyAccount() {
      for await (const doc of Users.find({}, { _outbox: 0, _commands: 0 }).lean<AccountDoc>().cursor())
        yield fromDoc(doc);
    },
    async erasing() {
      const docs = await Users.find({ erasureRequestedAt: { $ne: null } }, { userId: 1 }).lean<
        AccountDoc[]
      >();
      return docs.map((doc) => doc.userId);
    },
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
  return { store, queries, model: Users, started: { rekeyed, keysWritten } };
}
