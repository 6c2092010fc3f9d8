import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  lookupLimit,
  paginate,
  searchLogPageSize,
  userManagementReason,
  ZEmployerLookup,
  ZJobSeekerLookup,
  ZSearchLogQuery,
  ZUserLookup,
} from '@meritmatch/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwners } from './owners';

/** A lookup's body, as any of the three contracts reads it. */
type Body = {
  userIds?: string[];
  candidateIds?: string[];
  names?: Array<{ id: string }>;
  ids?: string[];
  reasons?: Array<{ id: string }>;
};
type Seen = { path: string; body: Body };

/**
 * The owners' three lookups, answered as the owners answer them: each body is read with its
 * contract (a lookup of more than `lookupLimit` ids is refused with a 400, as the owners do),
 * and every id asked for is found.
 */
function fakeOwners() {
  const seen: Seen[] = [];
  const contracts = {
    '/internal/job-seekers/lookup': ZJobSeekerLookup,
    '/internal/employers/lookup': ZEmployerLookup,
    '/internal/users/lookup': ZUserLookup,
  } as const;
  const answer = (path: keyof typeof contracts, body: Body) => {
    if (path === '/internal/job-seekers/lookup') {
      const named = new Set(body.names!.map((entry) => entry.id));
      const summary = (userId: string, candidateId: string, byCandidate: boolean) => ({
        user_id: userId,
        candidate_id: candidateId,
        unique_code: 'MM-ABC123',
        full_name: named.has(byCandidate ? candidateId : userId) ? 'A Name' : null,
        location: 'Berlin, Germany',
      });
      return {
        job_seekers: [
          ...body.userIds!.map((id) => summary(id, randomUUID(), false)),
          ...body.candidateIds!.map((id) => summary(randomUUID(), id, true)),
        ],
      };
    }
    if (path === '/internal/employers/lookup')
      return {
        employers: body.userIds!.map((id) => ({
          user_id: id,
          company_name: 'Acme',
          industry: 'Software',
          company_size: '11-50',
          website: null,
          verified: true,
        })),
      };
    return {
      users: body.ids!.map((id) => ({
        id,
        email: `${id}@example.test`,
        user_type: 'job_seeker',
        status: 'active',
        created_at: new Date(0).toISOString(),
        email_confirmed: false,
      })),
    };
  };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const path = request.url as keyof typeof contracts;
      const parsed = contracts[path]?.safeParse(JSON.parse(text));
      response.setHeader('content-type', 'application/json');
      if (!parsed?.success) {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { code: 'VALIDATION_ERROR', message: 'Too many ids' } }));
        return;
      }
      seen.push({ path, body: parsed.data as Body });
      response.end(JSON.stringify(answer(path, parsed.data)));
    });
  });
  return { server, seen };
}

describe("the admin service's lookups of many ids", () => {
  const { server, seen } = fakeOwners();
  let owners: ReturnType<typeof createOwners>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    owners = createOwners({ auth: url, profile: url, matching: url });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

  it("asks for more job seekers than one lookup may name in groups, each name with its job seeker's group", async () => {
    seen.length = 0;
    const userIds = ids(2 * lookupLimit + 500);
    const candidateIds = ids(1200);
    const names = [...userIds.slice(0, 1500), ...candidateIds.slice(-10)].map((id) => ({
      id,
      reason: userManagementReason,
    }));

    const { job_seekers } = await owners.profiles.jobSeekers('token', { userIds, candidateIds, names });

    expect(job_seekers).toHaveLength(userIds.length + candidateIds.length);
    expect(job_seekers.filter((seeker) => seeker.full_name !== null)).toHaveLength(names.length);
    expect(seen.map(({ body }) => [body.userIds!.length, body.candidateIds!.length])).toEqual([
      [1000, 0],
      [1000, 0],
      [500, 0],
      [0, 1000],
      [0, 200],
    ]);
  });

  it("asks for more accounts and companies than one lookup may name in groups, each reason with its account's group", async () => {
    seen.length = 0;
    const userIds = ids(lookupLimit + 1);
    const reasons = [userIds[0]!, userIds.at(-1)!].map((id) => ({ id, reason: userManagementReason }));

    const [{ users }, { employers }] = await Promise.all([
      owners.users.lookup('token', userIds, reasons),
      owners.profiles.employers('token', userIds),
    ]);

    expect(users.map((user) => user.id).sort()).toEqual([...userIds].sort());
    expect(employers.map((employer) => employer.user_id).sort()).toEqual([...userIds].sort());
    const lookups = seen.filter(({ path }) => path === '/internal/users/lookup');
    expect(lookups.map(({ body }) => [body.ids!.length, body.reasons!.map((r) => r.id)])).toEqual([
      [1000, [userIds[0]]],
      [1, [userIds.at(-1)]],
    ]);
  });

  it('asks nothing for no ids', async () => {
    seen.length = 0;
    expect(await owners.profiles.jobSeekers('token', {})).toEqual({ job_seekers: [] });
    expect(await owners.users.lookup('token', [])).toEqual({ users: [] });
    expect(await owners.profiles.employers('token', [])).toEqual({ employers: [] });
    expect(seen).toEqual([]);
  });
});

describe("the admin service's page of matching's search log", () => {
  const urls: string[] = [];
  const server = createServer((request, response) => {
    urls.push(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ entries: [], pagination: paginate(0, 1, searchLogPageSize) }));
  });
  let owners: ReturnType<typeof createOwners>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    owners = createOwners({ auth: url, profile: url, matching: url });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks with the filters given, which matching reads back as they were, and leaves out those not given', async () => {
    const employer = randomUUID();
    const query = ZSearchLogQuery.parse({ employer, code: 'em123456', from: '2026-05-01', page: '3' });
    await owners.searchLog.page('token', query);
    const asked = new URL(urls.at(-1)!, 'http://matching.test');
    expect(asked.pathname).toBe('/internal/search-log');
    expect([...asked.searchParams.keys()].sort()).toEqual(['code', 'employer', 'from', 'limit', 'page']);
    expect(ZSearchLogQuery.parse(Object.fromEntries(asked.searchParams))).toEqual(query);
  });
});
