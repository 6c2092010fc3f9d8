import { randomUUID } from 'node:crypto';
import {
  erasedCompanyLabel,
  type InternalSearchLogEntry,
  rankingVersion,
  ZAdminSearchLogAnswer,
} from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type AdminHarness, adminHarness } from '../testing/harness';

/**
 * The admins' Search log: matching owns it and pages it for the admin's token; this service adds
 * each employer's company. Only admins read it; it reads no personal detail.
 */
describe('the search log for admins', () => {
  let h: AdminHarness;
  let admin: Account;
  let acme: Account;
  const erasedEmployer = randomUUID();

  const entry = (at: string, employerId: string, fields: Partial<InternalSearchLogEntry> = {}) => {
    const logged: InternalSearchLogEntry = {
      id: randomUUID(),
      kind: 'search',
      at,
      employer_id: employerId,
      employer_erased: false,
      filters: {
        skills: ['Kotlin'],
        preferred: [],
        location: 'Berlin',
        experience: 'senior',
        education: 'all',
        position: null,
        page: 1,
        limit: 12,
      },
      ranking_version: rankingVersion,
      results: [{ candidate_id: randomUUID(), unique_code: 'EM123456', score: 88 }],
      ...fields,
    };
    h.logSearch(logged);
    return logged;
  };

  beforeAll(async () => {
    h = await adminHarness();
    admin = await h.admin();
    acme = await h.employer();
    entry('2026-05-04T09:00:00.000Z', acme.id);
    entry('2026-05-05T09:00:00.000Z', erasedEmployer, {
      kind: 'opened',
      employer_erased: true,
      filters: null,
      ranking_version: null,
    });
  });

  it("answers matching's page newest first, each entry with its employer's company", async () => {
    const reads = h.reads.length;
    const answer = await h.as(admin)('/search-log');
    expect(answer.status, answer.text).toBe(200);
    const { entries, pagination } = ZAdminSearchLogAnswer.parse(answer.body);
    expect(entries.map((logged) => [logged.kind, logged.company_name])).toEqual([
      ['opened', erasedCompanyLabel],
      ['search', 'Acme Robotics'],
    ]);
    expect(entries[1]).toMatchObject({
      ranking_version: rankingVersion,
      results: [{ unique_code: 'EM123456', score: 88 }],
    });
    expect(pagination).toMatchObject({ totalCount: 2, currentPage: 1 });
    // codes only: no name, e-mail or phone was read for it
    expect(h.reads).toHaveLength(reads);
  });

  it('asks matching with the filters read: employer, code, days and page', async () => {
    const answer = await h.as(admin)(
      `/search-log?employer=${acme.id}&code=em123456&from=2026-05-01&to=2026-05-31&page=2&limit=5`,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(h.searchLogQueries.at(-1)).toEqual({
      employer: acme.id,
      code: 'EM123456',
      from: '2026-05-01',
      to: '2026-05-31',
      page: 2,
      limit: 5,
    });
  });

  it('refuses a bad filter before asking matching', async () => {
    const asked = h.searchLogQueries.length;
    for (const query of [
      'code=Ada',
      'employer=acme',
      'from=2026-05-31&to=2026-05-01',
      'limit=500',
      'who=me',
    ]) {
      const answer = await h.as(admin)(`/search-log?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
    expect(h.searchLogQueries).toHaveLength(asked);
  });

  it('is for admins only', async () => {
    for (const who of [acme, await h.jobSeeker()]) {
      const answer = await h.as(who)('/search-log');
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('EM123456');
    }
    expect((await h.call('/api/admin/search-log')).status).toBe(401);
  });
});
