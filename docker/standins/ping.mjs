// The stand-in mongo's health check: a ping answered on 27017 (stand-in only, see build.sh).
import { MongoClient } from 'mongodb';

const client = new MongoClient('mongodb://127.0.0.1:27017/', { serverSelectionTimeoutMS: 3000 });
try {
  await client.db('admin').command({ ping: 1 });
  process.exit(0);
} catch {
  process.exit(1);
}
