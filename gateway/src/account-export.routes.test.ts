import { ZAccountExport } from '@meritmatch/contracts';
import { call, eventually } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Area } from './routes';
import { employerExportParts } from './testing/export-parts';
import { type GatewayHarness, gatewayHarness } from './testing/harness';

const at = '2026-11-28T17:40:00.000Z';

/** "Download my data" at the gateway, in front of services (faked) that answer their parts. */
describe('GET /api/account/export, assembled by the gateway', () => {
  let gateway: GatewayHarness;
  let employer: { userId: string; token: string };
  const exportOf = (token: string) => call(`${gateway.api}/account/export`, { token });
  const parts: Partial<Record<Area, unknown>> = {};
  const part = (area: Area) => (path: string) =>
    path === '/my-data' ? { status: 200, body: parts[area] } : undefined;

  beforeAll(async () => {
    gateway = await gatewayHarness({
      answer: {
        auth: ({ path }) => part('auth')(path),
        profile: ({ path }) => part('profile')(path),
        matching: ({ path }) => part('matching')(path),
        admin: ({ path }) => part('admin')(path),
        notifications: ({ path }) => part('notifications')(path),
      },
    });
    employer = await gateway.account('employer');
    Object.assign(parts, employerExportParts(employer.userId, at));
  });
  afterAll(() => gateway?.close());

  it('is only for job seekers and employers, with a valid token', async () => {
    expect((await call(`${gateway.api}/account/export`)).status).toBe(401);
    expect((await call(`${gateway.api}/account/export`, { token: 'not.a.token' })).status).toBe(401);
    const asAdmin = await exportOf(await gateway.token('admin'));
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toMatchObject({ code: 'FORBIDDEN' });
    // refused at the gateway: no service was asked
    for (const area of ['auth', 'profile', 'matching', 'admin', 'notifications'] as const)
      expect(gateway.services[area].seen).toEqual([]);
  });

  it('fails with a 503 naming the service when one is down, never with a part missing', async () => {
    expect(ZAccountExport.parse((await exportOf(employer.token)).body)).toMatchObject({ role: 'employer' });
    await gateway.services.notifications.down();
    try {
      const answer = await exportOf(employer.token);
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('notifications'),
        details: [{ path: 'area', message: 'notifications' }],
      });
      expect(answer.body).not.toHaveProperty('account');
    } finally {
      await gateway.services.notifications.up();
    }
    await eventually(async () => (await exportOf(employer.token)).status === 200, {
      what: 'the export once notifications is back',
      timeoutMs: 20000,
    });
  });
});
