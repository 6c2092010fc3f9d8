import { accountLinkKinds } from '@meritmatch/contracts';
import {
  type AggregateStore,
  type AggregateStoreOptions,
  aggregateSchemaFields,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import type { AccountLink } from '../use-cases/account-link';

const linkSchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true, enum: accountLinkKinds },
    userId: { type: String, required: true },
    email: { type: String, default: '' },
    /** A change of address: the account's address when it was asked (the link works only while it still is). */
    fromEmail: { type: String, default: null },
    /** SHA-256 of the link's token: the token itself is never stored. */
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type LinkDoc = Omit<AccountLink, 'id'> & { _id: string };

/** How a link is stored, for the store here and the in-memory one of route tests. */
export const accountLinkStorage = {
  toDoc: ({ id, ...fields }: AccountLink) => ({ _id: id, ...fields }),
  fromDoc: ({ _id, ...doc }: LinkDoc): AccountLink => ({
    id: _id,
    ...doc,
    kind: doc.kind ?? 'password-reset',
    email: doc.email ?? '',
    fromEmail: doc.fromEmail ?? null,
    usedAt: doc.usedAt ?? null,
  }),
};

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
  return storeFor({ model: Links, ...accountLinkStorage });
}

/** How long a link is kept after it ends: a change of address's old address is told within that time. */
export const linksKeptAfterEndMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Drops the links that ended more than a week ago (with them, the old address a change of
 * address keeps for its notice). Run by the minute's upkeep.
 */
export async function forgetEndedLinks(links: AggregateStore<AccountLink>, now = new Date()) {
  const { deletedCount } = await links.model.deleteMany({
    expiresAt: { $lt: new Date(now.getTime() - linksKeptAfterEndMs) },
  });
  return deletedCount;
}
