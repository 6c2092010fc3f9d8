// Runs the official image's init scripts (mongosh JavaScript) against FerretDB: the calls they
// make (getSiblingDB, createUser, print) are given here, and roles are dropped because
// FerretDB has none. Stand-in only (see build.sh).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { MongoClient } from 'mongodb';

const dir = process.argv[2];
const url = `mongodb://${encodeURIComponent(process.env.MONGO_ROOT_USER)}:${encodeURIComponent(process.env.MONGO_ROOT_PASSWORD)}@127.0.0.1:27017/?authSource=admin`;
const client = new MongoClient(url, { serverSelectionTimeoutMS: 30000 });
for (let attempt = 0; ; attempt++) {
  try {
    await client.connect();
    break;
  } catch (error) {
    if (attempt > 60) throw error;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
const pending = [];
const database = (name) => ({
  getSiblingDB: database,
  createUser: ({ user, pwd }) => pending.push(client.db(name).command({ createUser: user, pwd, roles: [] })),
});
const require = createRequire(import.meta.url);
for (const file of readdirSync(dir)
  .filter((name) => name.endsWith('.js'))
  .sort()) {
  runInNewContext(readFileSync(join(dir, file), 'utf8'), {
    db: database('test'),
    print: (...parts) => process.stdout.write(`${parts.join(' ')}\n`),
    require,
    process,
    URL,
  });
}
await Promise.all(pending);
await client.close();
