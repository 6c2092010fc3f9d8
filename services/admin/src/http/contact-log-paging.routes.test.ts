import { randomUUID } from 'node:crypto';
import { contactLogActions, ZContactLogsAnswer } from '@meritmatch/contracts';
import { readContactLog } from '@meritmatch/testkit';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactLogRecord } from '../data/contact-logs';
import { type Account, type AdminHarness, adminHarness } from '../testing/harness';

const entryCount = 2500;
const badCursor = 'cursor is not valid: send the nextCursor of the page before';

/**
 * The whole contact log can be read: more entries than one page are written straight into the
 * service's log (in memory, with the repository's order), then read back page by page.
 * The query on the real database is `src/data/contact-logs.ts`'s, proven by the integration tests.
 */
describe('the contact log, read page by page', () => {
  let harness: AdminHarness;
  let admin: Account;
  let written: ContactLogRecord[];
  const adminApi = (path: string) => harness.as(admin)(path);

  beforeAll(async () => {
    harness = await adminHarness();
    admin = await harness.admin();
    // three entries to a millisecond, so that pages end inside a run of equal times
    const newest = Date.UTC(2026, 10, 29, 12);
    written = Array.from({ length: entryCount }, (_, i) => ({
      id: randomUUID(),
      requestId: randomUUID(),
      action: contactLogActions[i % contactLogActions.length]!,
      notes: `Entry ${i}`,
      actorUserId: i % 2 === 0 ? admin.id : null,
      createdAt: new Date(newest - Math.floor(i / 3) * 1000),
    }));
    for (const entry of [...written].reverse()) await harness.contactLogs.add(entry);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Newest first, then by id, descending, as MongoDB orders strings. */
  const expectedOrder = () =>
    [...written]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((entry) => entry.id);

  it('answers every entry once, newest first, in pages of the size asked for', async () => {
    const read: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const answer = await adminApi(`/contact-logs?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status, answer.text).toBe(200);
      const page = ZContactLogsAnswer.parse(answer.body);
      read.push(...page.logs.map((log) => log.id));
      pageSizes.push(page.logs.length);
      cursor = page.pagination.nextCursor;
    } while (cursor && pageSizes.length <= entryCount / 100);

    expect(pageSizes).toEqual(Array(entryCount / 100).fill(100));
    expect(new Set(read).size).toBe(entryCount);
    expect(read).toEqual(expectedOrder());
  });

  it('answers 100 entries without a limit, with the admin behind each entry', async () => {
    const page = ZContactLogsAnswer.parse((await adminApi('/contact-logs')).body);
    expect(page.logs.map((log) => log.id)).toEqual(expectedOrder().slice(0, 100));
    expect(page.pagination.hasNext).toBe(true);
    const byId = new Map(written.map((entry) => [entry.id, entry]));
    for (const log of page.logs) {
      const entry = byId.get(log.id)!;
      expect(log).toEqual({
        id: entry.id,
        action: entry.action,
        notes: entry.notes,
        request_id: entry.requestId,
        admin_email: entry.actorUserId ? admin.email : null,
        created_at: entry.createdAt.toISOString(),
        // these entries name no party
        company_name: null,
        candidate_code: null,
      });
    }
  });

  it("reads the whole log with the testkit's reader, which tests use", async () => {
    // the reader calls `fetch` on a base URL: here the app answers it
    vi.stubGlobal('fetch', harness.fetch);
    expect((await readContactLog(harness.api, admin.token)).map((log) => log.id)).toEqual(expectedOrder());
  });

  it('answers 400 in the one error shape for a bad cursor or limit, and the log stays as it was', async () => {
    const first = ZContactLogsAnswer.parse((await adminApi('/contact-logs?limit=3')).body);
    const damaged = `${first.pagination.nextCursor!.slice(0, -4)}$$$$`;
    const forged = Buffer.from(JSON.stringify({ createdAt: 'yesterday', id: 'x' })).toString('base64url');
    for (const [query, path, message] of [
      [`cursor=${damaged}`, 'cursor', badCursor],
      [`cursor=${forged}`, 'cursor', badCursor],
      ['cursor=%7B%22%24gt%22%3A%22%22%7D', 'cursor', badCursor],
      ['limit=501', 'limit', 'limit must be at most 500'],
      ['limit=0', 'limit', 'limit must be at least 1'],
      ['limit=all', 'limit', 'limit must be a number'],
      ['page=2', '(query)', 'Unknown field: page'],
    ]) {
      const answer = await adminApi(`/contact-logs?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({
        message,
        code: 'VALIDATION_FAILED',
        details: [{ path, message }],
      });
    }
    expect(harness.contactLogs.count()).toBe(entryCount);
    const again = ZContactLogsAnswer.parse((await adminApi('/contact-logs?limit=3')).body);
    expect(again).toEqual(first);
  });
});
