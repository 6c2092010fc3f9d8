import mongoose, { type Connection, type Schema } from 'mongoose';
import { timeLeft } from '../core/request-context';

/** The server-side limit of an operation done outside any request (relays, consumers). */
export const backgroundOperationMs = 10000;
/** The client-side limit: a connection silent this long is dropped and its operation fails. */
export const socketTimeoutMs = 15000;

/** The server-side time limit for an operation now: what is left of the request, or the background limit. */
export const operationLimitMs = () => Math.max(1, Math.floor(Math.min(timeLeft(), backgroundOperationMs)));

const queryOperations = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'estimatedDocumentCount',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
];

/**
 * Gives every query and aggregation a server-side time limit (`maxTimeMS`): what is left of
 * the request it serves, or the background limit. The socket time-out bounds the rest.
 */
export function timeLimitPlugin(schema: Schema) {
  schema.pre(
    queryOperations as mongoose.MongooseQueryMiddleware[],
    function setLimit(this: mongoose.Query<unknown, unknown>) {
      if (this.getOptions().maxTimeMS === undefined) this.maxTimeMS(operationLimitMs());
    },
  );
  schema.pre('aggregate', function setLimit() {
    if (this.options.maxTimeMS === undefined) this.option({ maxTimeMS: operationLimitMs() });
  });
}

let defaultsInstalled = false;

/**
 * The process's mongoose defaults, set before any model is made (a plugin reaches only the models
 * made after it): every query time-limited, and filters strict. Injection is stopped at the
 * boundary too (every input is parsed by a strict contract schema, so a value that should be a
 * string never arrives as an operator object); strict filters are the second wall.
 */
export function installMongooseDefaults() {
  if (defaultsInstalled) return;
  defaultsInstalled = true;
  mongoose.set('strictQuery', true);
  mongoose.plugin(timeLimitPlugin);
}

export type MongoOptions = { url: string; dbName: string; serverSelectionTimeoutMS?: number };

/** One connection per service, to the service's own database. */
export async function connectMongo({ url, dbName, serverSelectionTimeoutMS = 5000 }: MongoOptions) {
  installMongooseDefaults();
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS,
    socketTimeoutMS: socketTimeoutMs,
    autoIndex: true,
    maxPoolSize: 20,
  });
  try {
    await connection.asPromise();
    await connection.db?.admin().ping();
  } catch (error) {
    await connection.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`cannot reach MongoDB at ${redactUrl(url)} (database ${dbName}): ${reason}`);
  }
  return connection;
}

export async function pingMongo(connection: Connection) {
  if (!connection.db) throw new Error('not connected');
  await connection.db.admin().ping();
}

export function redactUrl(url: string) {
  return url.replace(/\/\/([^@/]+)@/, '//***@');
}

/** Creates the indexes a model declares and waits for them, so that uniqueness holds from the first request. */
export async function syncIndexes(connection: Connection) {
  await Promise.all(Object.values(connection.models).map((model) => model.createIndexes()));
}

/**
 * A write refused by a unique index. FerretDB answers an insert's clash with 11000, but an
 * update's with an InternalError (code 1) naming SQLite's UNIQUE constraint.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code, message } = error as { code: unknown; message?: unknown };
  if (code === 11000) return true;
  return code === 1 && typeof message === 'string' && message.includes('UNIQUE constraint failed');
}

/** Every error of an unordered insert was a document already there (refused by its key). */
export function onlyDuplicateKeys(error: unknown): boolean {
  const { writeErrors } = error as { writeErrors?: unknown };
  if (writeErrors === undefined) return isDuplicateKeyError(error);
  const errors = Array.isArray(writeErrors) ? writeErrors : [writeErrors];
  return errors.length > 0 && errors.every(isDuplicateKeyError);
}

const unreachableErrors = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
  'MongoOperationTimeoutError',
]);

/** MongoDB's "operation exceeded time limit" (maxTimeMS). */
const maxTimeExpired = 50;

/**
 * Whether the database was unreachable or did not answer in time: the work itself may
 * succeed later. FerretDB on SQLite reports an operation cut short by a time limit as an
 * internal error saying "interrupted", and a write that found the file locked by other writers
 * for longer than its busy timeout (seen at 8 writers at once on a loaded machine) as
 * "database is locked", with SQLite's code (5, SQLITE_BUSY) or an extended one (517, a write
 * whose snapshot another writer made stale): SQLite applied nothing, so sending it again is safe.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (typeof name === 'string' && unreachableErrors.has(name)) return true;
  if (name !== 'MongoServerError') return false;
  return (
    code === maxTimeExpired ||
    (typeof message === 'string' && /\binterrupted\b|\bSQLITE_BUSY\b|\bdatabase is locked\b/.test(message))
  );
}
