import mongoose, { type Connection } from 'mongoose';

// Injection is stopped at the boundary: every input is parsed by a strict contract schema,
// so a value that should be a string can never arrive as an operator object.
mongoose.set('strictQuery', true);

export type MongoOptions = { url: string; dbName: string; serverSelectionTimeoutMS?: number };

/** One connection per service, to the service's own database. */
export async function connectMongo({ url, dbName, serverSelectionTimeoutMS = 5000 }: MongoOptions) {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS,
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

export function isDuplicateKeyError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === 11000
  );
}
