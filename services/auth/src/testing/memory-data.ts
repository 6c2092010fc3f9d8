import { randomUUID } from 'node:crypto';
import { findByIds } from '@meritmatch/service-kit';
import { createMemoryAggregateStore } from '@meritmatch/service-kit/testing/memory-aggregate-store';
import { exportJWK, generateKeyPair } from 'jose';
import { accountLinkStorage } from '../data/account-links';
import { erasureStorage, unfinishedFirst } from '../data/erasures';
import { secondFactorStorage } from '../data/second-factors';
import { serviceAccountStorage } from '../data/service-accounts';
import { endedSessionStorage } from '../data/sessions';
import { openedSession, type SignedInSessions } from '../data/signed-in-sessions';
import type { SigningKey, SigningKeyRepository } from '../data/signing-keys';
import { accountStorage, uniqueAccountFields } from '../data/users';
import { type Account, toUser } from '../domain/account';
import type { Erasure } from '../domain/erasure';
import type { SecondFactor } from '../domain/second-factor';
import type { ServiceAccount } from '../domain/service-account';
import type { EndedSession } from '../domain/session';
import type { AccountLink } from '../use-cases/account-link';
import type { AccountQueries } from '../use-cases/accounts';
import type { EmailReadRecord, EmailReadRepository } from '../use-cases/email-reads';
import type { SignedInSession } from '../use-cases/signed-in-session';

/**
 * The accounts in memory: the store (the e-mail unique, as the database's index keeps it) and
 * the reads across accounts. Nothing waits to be relayed here, so an erasure removes at once.
 */
export function memoryAccounts() {
  const store = createMemoryAggregateStore<Account>({ ...accountStorage, unique: uniqueAccountFields });
  const accountOf = (userId: string) => store.load(userId);
  const queries: AccountQueries = {
    accountOf,
    byEmail: async (email) => store.all().find((account) => account.email === email) ?? null,
    // an address is found on its account itself: no key to forget
    forgetEmail: async () => undefined,
    lookup: async (userIds) => (await findByIds(userIds, accountOf)).map(toUser),
    list: async () =>
      store
        .all()
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map(toUser),
    async eraseAccount(userId) {
      store.remove(userId);
      return 'erased';
    },
    erasing: async () =>
      store
        .all()
        .filter((account) => account.erasureRequestedAt !== null)
        .map((account) => account.userId),
    async *everyAccount() {
      yield* store.all();
    },
  };
  return { store, queries };
}

/** Account links (reset, confirmation, change of address), whose events ask for the e-mails. */
export const memoryAccountLinks = () => createMemoryAggregateStore<AccountLink>(accountLinkStorage);

/** Sessions ended by signing out. */
export const memoryEndedSessions = () => createMemoryAggregateStore<EndedSession>(endedSessionStorage);

/** Service accounts and their list. */
export function memoryServiceAccounts() {
  const store = createMemoryAggregateStore<ServiceAccount>(serviceAccountStorage);
  return { store, list: async () => store.all() };
}

/** Admins' second factors. */
export function memorySecondFactors() {
  const store = createMemoryAggregateStore<SecondFactor>(secondFactorStorage);
  return { store, userIds: async () => store.all().map((factor) => factor.userId) };
}

/** Erasures, with the unfinished and the newest for the admin's view. */
export function memoryErasures() {
  const store = createMemoryAggregateStore<Erasure>(erasureStorage);
  return {
    store,
    unfinished: async () => store.all().filter((erasure) => !erasure.finishedAt),
    recent: async (limit: number) =>
      unfinishedFirst(
        store
          .all()
          .sort((a, b) => b.requestedAt.getTime() - a.requestedAt.getTime())
          .slice(0, limit),
      ),
  };
}

/** The records of e-mails read by admins, kept in order. */
export function memoryEmailReads() {
  const reads: EmailReadRecord[] = [];
  const repository: EmailReadRepository = {
    record: async (read) => {
      reads.push(read);
    },
  };
  return { repository, reads };
}

/** The sessions of each account's list, as the collection keeps them (newest first, the expired dropped). */
export function memorySignedInSessions({ touchEverySeconds = 60 } = {}): SignedInSessions {
  const sessions = new Map<string, SignedInSession>();
  const dropExpired = (now: Date, userId?: string) => {
    for (const session of [...sessions.values()])
      if (session.expiresAt <= now && (userId === undefined || session.userId === userId))
        sessions.delete(session.id);
  };
  return {
    async opened(token, userAgent) {
      const session = openedSession(token, userAgent);
      if (sessions.has(session.id)) throw new Error(`E11000 duplicate key: ${session.id}`);
      sessions.set(session.id, session);
    },
    async used(sessionId, now = new Date()) {
      const session = sessions.get(sessionId);
      if (session && session.lastUsedAt < new Date(now.getTime() - touchEverySeconds * 1000))
        sessions.set(sessionId, { ...session, lastUsedAt: now });
    },
    async forUser(userId, now = new Date()) {
      dropExpired(now, userId);
      return [...sessions.values()]
        .filter((session) => session.userId === userId)
        .sort((a, b) => b.signedInAt.getTime() - a.signedInAt.getTime())
        .slice(0, 200)
        .map((session) => ({ ...session }));
    },
    forget: async (userId) => {
      for (const session of [...sessions.values()])
        if (session.userId === userId) sessions.delete(session.id);
    },
    sweep: async (now = new Date()) => dropExpired(now),
  };
}

/** Signing keys kept in memory, in the clear (sealing is the repository's, tested with it). */
export function memorySigningKeys(): SigningKeyRepository & { rotate: () => Promise<SigningKey> } {
  let keys: SigningKey[] = [];
  const create = async (now = new Date()) => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const key = {
      id: randomUUID(),
      privateJwk: await exportJWK(privateKey),
      publicJwk: await exportJWK(publicKey),
      createdAt: now,
    };
    keys = [key, ...keys];
    return key;
  };
  return {
    all: async () => [...keys].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
    create,
    async removeOlderThan(cutoff, keep) {
      keys = keys.filter((key) => key.createdAt >= cutoff || key.id === keep);
    },
    sealAll: async () => 0,
    /** A new signing key, as `rotate-signing-key` writes it. */
    rotate: () => create(),
  };
}
