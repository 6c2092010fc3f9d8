import {
  type AggregateStore,
  type AggregateStoreOptions,
  aggregateSchemaFields,
  withoutStoreFields,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import type { ServiceAccount } from '../domain/service-account';

const serviceAccountSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    status: { type: String, required: true, enum: ['active', 'deleted'] },
    statusChangedAt: { type: Date, required: true },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type ServiceAccountDoc = Omit<ServiceAccount, 'name'> & { _id: string };
const fromDoc = ({ _id, ...doc }: ServiceAccountDoc): ServiceAccount => ({
  name: _id,
  userId: doc.userId,
  status: doc.status,
  statusChangedAt: doc.statusChangedAt,
  version: doc.version,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** How a service account is stored, for the store here and the in-memory one of route tests. */
export const serviceAccountStorage = {
  toDoc: ({ name, ...account }: ServiceAccount) => ({ _id: name, ...account }),
  fromDoc,
};

/** Service accounts, keyed by name; their events go to `users` like every account's. */
export function createServiceAccountData(
  connection: Connection,
  storeFor: (
    options: Omit<AggregateStoreOptions<ServiceAccount>, 'relay' | 'guard'>,
  ) => AggregateStore<ServiceAccount>,
) {
  const Accounts = connection.model('ServiceAccount', serviceAccountSchema, 'service_accounts');
  const store = storeFor({ model: Accounts, ...serviceAccountStorage });
  return {
    store,
    async list(): Promise<ServiceAccount[]> {
      return (await Accounts.find({}, withoutStoreFields).lean<ServiceAccountDoc[]>()).map(fromDoc);
    },
  };
}
