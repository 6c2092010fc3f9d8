import { ZUserRecords } from '@meritmatch/contracts';
import { createAreaApp, createLogger } from '@meritmatch/service-kit';
import { describe, expect, it } from 'vitest';
import type { User } from '../domain/account';
import { createEmailReadLog, type EmailReadRecord } from '../use-cases/email-reads';
import { authErrors } from './errors';
import { internalUserRoutes } from './internal-user-routes';

const adminId = '44444444-4444-4444-8444-444444444444';
const at = new Date('2026-05-04T10:00:00Z');
const user = (n: number, userType: User['userType'], status: User['status'] = 'active'): User => ({
  userId: `1111111${n}-1111-4111-8111-111111111111`,
  email: `person${n}@example.com`,
  userType,
  status,
  createdAt: at,
  statusChangedAt: at,
  emailConfirmed: true,
});
const seeker = user(1, 'job_seeker');
const gone = user(2, 'job_seeker', 'deleted');
const employer = user(3, 'employer');
const everyone = [seeker, gone, employer];

function appWith(record: (read: EmailReadRecord) => Promise<void>) {
  const app = createAreaApp({
    service: 'auth',
    logger: createLogger('auth-test', 'silent'),
    readiness: [],
    domainErrors: authErrors,
    // the admin's token, as the real app's area checks it
    verifyToken: async () => ({
      userId: adminId,
      role: 'admin',
      tokenId: 'token-1',
      expiresAt: new Date(Date.now() + 3600_000),
    }),
    areas: [
      {
        prefix: '/internal/users',
        roles: ['admin'],
        routes: internalUserRoutes({
          accounts: {
            list: async () => everyone,
            lookup: async (ids) => everyone.filter((u) => ids.includes(u.userId)),
            get: async (id) => everyone.find((u) => u.userId === id)!,
            changeStatus: async (id, status) => ({ ...everyone.find((u) => u.userId === id)!, status }),
          },
          erasures: {} as never,
          emailReads: createEmailReadLog({ repository: { record }, newId: () => 'read-1', clock: () => at }),
        }),
      },
    ],
  });
  const headers = { authorization: 'Bearer header.payload.signature', 'content-type': 'application/json' };
  return (path: string, body?: unknown) =>
    app.request(
      path,
      body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
    );
}

describe("the owner's internal reads of e-mails", () => {
  it('serves only the accounts asked for, and records the job seekers among them', async () => {
    const recorded: EmailReadRecord[] = [];
    const call = appWith(async (read) => void recorded.push(read));
    const seekers = await call('/internal/users?userType=job_seeker');
    expect(ZUserRecords.parse(await seekers.json()).users.map((u) => u.email)).toEqual([seeker.email]);
    const employers = await call('/internal/users?userType=employer&includeDeleted=true');
    expect(ZUserRecords.parse(await employers.json()).users).toHaveLength(1);
    const counts = await call('/internal/users/counts');
    expect(await counts.json()).toEqual({ counts: { job_seeker: 1, employer: 1, admin: 0 } });
    expect(recorded).toEqual([
      {
        readId: 'read-1',
        adminUserId: adminId,
        readAt: at,
        reads: [{ userId: seeker.userId, reason: { purpose: 'user-management' } }],
      },
    ]);
  });

  it('serves no e-mail when the record cannot be written', async () => {
    const call = appWith(async () => {
      throw new Error('database down');
    });
    for (const answer of [
      await call('/internal/users'),
      await call(`/internal/users/${seeker.userId}`),
      await call('/internal/users/lookup', { ids: [seeker.userId] }),
    ]) {
      expect(answer.status).toBe(500);
      expect(await answer.text()).not.toContain(seeker.email);
    }
    // an employer's e-mail is not a job seeker's detail: nothing to record, served
    expect((await call(`/internal/users/${employer.userId}`)).status).toBe(200);
  });
});
