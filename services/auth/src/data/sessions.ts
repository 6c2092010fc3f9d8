import {
  type AggregateStore,
  type AggregateStoreOptions,
  aggregateSchemaFields,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import type { EndedSession } from '../domain/session';

const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    endedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type SessionDoc = Omit<EndedSession, 'id'> & { _id: string };

/** How an ended session is stored, for the store here and the in-memory one of route tests. */
export const endedSessionStorage = {
  toDoc: ({ id, ...fields }: EndedSession) => ({ _id: id, ...fields }),
  fromDoc: ({ _id, ...doc }: SessionDoc): EndedSession => ({ id: _id, ...doc }),
};

/** Sessions ended by signing out; their events (topic `sessions`) tell every process to refuse the token. */
export function createSessionData(
  connection: Connection,
  storeFor: (
    options: Omit<AggregateStoreOptions<EndedSession>, 'relay' | 'guard'>,
  ) => AggregateStore<EndedSession>,
) {
  const Sessions = connection.model('EndedSession', sessionSchema, 'ended_sessions');
  return storeFor({ model: Sessions, ...endedSessionStorage });
}
