import {
  type AggregateStore,
  type AggregateStoreOptions,
  aggregateSchemaFields,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import type { PasswordLink } from '../domain/password-link';

const linkSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    /** SHA-256 of the link's token: the token itself is never stored. */
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type LinkDoc = Omit<PasswordLink, 'id'> & { _id: string };

/**
 * Password reset links by id; their events (topic `account-notices`) ask the notifications
 * service to send the link, and to say the password was changed.
 */
export function createPasswordLinkData(
  connection: Connection,
  storeFor: (
    options: Omit<AggregateStoreOptions<PasswordLink>, 'relay' | 'guard'>,
  ) => AggregateStore<PasswordLink>,
) {
  const Links = connection.model('PasswordLink', linkSchema, 'password_links');
  return storeFor({
    model: Links,
    toDoc: ({ id, ...fields }) => ({ _id: id, ...fields }),
    fromDoc: ({ _id, ...doc }: LinkDoc) => ({ id: _id, ...doc, usedAt: doc.usedAt ?? null }),
  });
}
