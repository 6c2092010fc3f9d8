import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, adminHarness } from '../testing/harness';

// the gateway's own refusal of other roles on /api/admin is gateway/src/gateway.routes.test.ts's
describe('the admin API refuses bad input and other roles', () => {
  let admin: AdminHarness;
  let adminApi: ReturnType<AdminHarness['as']>;

  beforeAll(async () => {
    admin = await adminHarness();
    adminApi = admin.as(await admin.admin());
  });

  it('is for admins only, at the service', async () => {
    const employer = await admin.employer();
    expect((await admin.call('/api/admin/stats', { token: employer.token })).status).toBe(403);
    expect((await admin.call('/api/admin/stats')).status).toBe(401);
  });

  it.each([
    ['/requests?status=lost', 'GET', undefined],
    ['/requests?page=0', 'GET', undefined],
    ['/requests?limit=101', 'GET', undefined],
    ['/users?userType=robot', 'GET', undefined],
    ['/users?includeDeleted=maybe', 'GET', undefined],
    ['/requests/not-an-id', 'PUT', { status: 'approved' }],
    ['/requests/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d', 'PUT', { status: 'unmatched' }],
    ['/requests/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d', 'PUT', { status: { $ne: 'x' } }],
    [
      '/contact-log',
      'POST',
      { requestId: '6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d', action: 'hacked', notes: 'x' },
    ],
    [
      '/contact-log',
      'POST',
      { requestId: '6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d', action: 'note', notes: '' },
    ],
    ['/users/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d/status', 'PUT', { status: 'banned' }],
    ['/verify-employer/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d', 'PUT', { verified: 'yes' }],
  ])('%s %s answers 400', async (path, method, body) => {
    const answer = await adminApi(path, { method, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('answers 404 for what does not exist', async () => {
    const unknown = '6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d';
    expect(
      (await adminApi(`/requests/${unknown}`, { method: 'PUT', body: { status: 'approved' } })).status,
    ).toBe(404);
    expect((await adminApi(`/candidate/${unknown}`)).status).toBe(404);
    expect((await adminApi(`/users/${unknown}`)).status).toBe(404);
    expect(
      (await adminApi(`/users/${unknown}/status`, { method: 'PUT', body: { status: 'suspended' } })).status,
    ).toBe(404);
  });
});
