import { randomUUID } from 'node:crypto';
import { offlineAggregateStores } from '@meritmatch/service-kit';
import { uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountLink } from '../use-cases/account-link';
import { createAccountLinkData, forgetEndedLinks, linksKeptAfterEndMs } from './account-links';

describe('account links, on the real database', () => {
  let connection: Connection;
  let links: ReturnType<typeof createAccountLinkData>;

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('links') })
      .asPromise();
    links = createAccountLinkData(connection, await offlineAggregateStores(connection));
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  const link = async (endedAgoMs: number): Promise<AccountLink> => {
    const now = new Date();
    const made: AccountLink = {
      id: randomUUID(),
      kind: 'email-change',
      userId: randomUUID(),
      email: 'new@example.com',
      fromEmail: 'old@example.com',
      tokenHash: 'hash',
      expiresAt: new Date(now.getTime() - endedAgoMs),
      usedAt: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    await links.create(made, [], () => new Error('taken'));
    return made;
  };

  it('forgets the links that ended more than a week ago, with the old address a change kept', async () => {
    const old = await link(linksKeptAfterEndMs + 60_000);
    const recent = await link(linksKeptAfterEndMs - 60_000);
    const live = await link(-60_000);
    expect(await forgetEndedLinks(links)).toBe(1);
    expect(await links.load(old.id)).toBeNull();
    expect((await links.load(recent.id))?.fromEmail).toBe('old@example.com');
    expect(await links.load(live.id)).not.toBeNull();
  });
});
