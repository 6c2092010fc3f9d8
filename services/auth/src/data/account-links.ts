import {
  type AggregateStore,
  type AggregateStoreOptions,
  aggregateSchemaFields,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import type { AccountLink } from '../domain/account-link';

const linkSchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true, enum: ['password-reset', 'email-confirmation'] },
    userId: { type: String, required: true },
    email: { type: String, default: '' },
    /** SHA-256 of the link's token: the token itself is never stored. */
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type LinkDoc = Omit<AccountLink, 'id'> & { _id: string };

/**
 * Account links by id (collection `password_links`, its name from when it held reset links
 * only; those read as `password-reset`). Their events (topic `account-notices`) ask the
 * notifications service to send each link.
 */
export function createAccountLinkData(
  connection: Connection,
  storeFor: (
    options: Omit<AggregateStoreOptions<AccountLink>, 'relay' | 'guard'>,
  ) => AggregateStore<AccountLink>,
) {
  const Links = connection.model('AccountLink', linkSchema, 'password_links');
  return storeFor({
    model: Links,
    toDoc: ({ id, ...fields }) => ({ _id: id, ...fields }),
    fromDoc: ({ _id, ...doc }: LinkDoc) => ({
      id: _id,
      ...doc,
      kind: doc.kind ?? 'password-reset',
      email: doc.email ?? '',
      usedAt: doc.usedAt ?? null,
    }),
  });
}
