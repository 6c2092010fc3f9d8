import { accountExportFormat, ZAccountExport } from '@meritmatch/contracts';
import { ApiError, type AppEnv, createLogger, errorResponse } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { exportAccount } from './account-export';
import { type Area, areas } from './routes';
import { employerExportParts } from './testing/export-parts';
import type { UpstreamAnswer, Upstreams } from './upstreams';

const at = '2026-11-28T17:40:00.000Z';
const userId = '11111111-1111-4111-8111-111111111111';
const parts = employerExportParts(userId, at);

const json = (status: number, body: unknown): UpstreamAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: new TextEncoder().encode(JSON.stringify(body)).buffer as ArrayBuffer,
});

/** The export route over fake services: each area answers its part unless `answers` says otherwise. */
function gatewayWith(answers: Partial<Record<Area, () => Promise<UpstreamAnswer>>> = {}) {
  const asked: string[] = [];
  const upstreams = {
    async send(area: Area, request: { url: URL; headers: Record<string, string> }) {
      asked.push(`${area} ${request.url.pathname} ${request.headers.authorization}`);
      return (answers[area] ?? (async () => json(200, parts[area])))();
    },
  } as unknown as Upstreams;
  const services = Object.fromEntries(areas.map((area) => [area, `http://${area}.test`])) as Record<
    Area,
    string
  >;
  const logger = createLogger('export-test', 'silent');
  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('requestId', 'req-1');
      c.set('identity', { userId, role: 'employer' } as AppEnv['Variables']['identity']);
      await next();
    })
    .get('/api/account/export', (c) =>
      exportAccount(c, {
        services,
        upstreams,
        deadlineAt: Date.now() + 5000,
        clientAddress: '127.0.0.1',
        gatewaySecret: 'x'.repeat(32),
        clock: () => new Date(at),
      }),
    )
    .onError((error, c) => errorResponse(c, error, logger));
  const get = () => app.request('/api/account/export', { headers: { authorization: 'Bearer token-1' } });
  return { get, asked };
}

describe('GET /api/account/export', () => {
  it("asks every service for its part with the caller's token and answers one document", async () => {
    const { get, asked } = gatewayWith();
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const document = ZAccountExport.parse(await answer.json());
    expect(document).toMatchObject({ format: accountExportFormat, exportedAt: at, role: 'employer' });
    expect(asked.sort()).toEqual(areas.map((area) => `${area} /my-data Bearer token-1`).sort());
  });

  it.each([
    ['is down', async () => Promise.reject(new ApiError('SERVICE_UNAVAILABLE', 'down'))],
    ['answers 500', async () => json(500, { code: 'INTERNAL', message: 'boom' })],
    ['answers a part of another shape', async () => json(200, { contactLog: [{ notes: 'a name' }] })],
  ] as const)(
    'fails with a 503 naming the service when it %s, never a partial document',
    async (_, fails) => {
      const { get } = gatewayWith({ admin: fails });
      const answer = await get();
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        details: [{ path: 'area', message: 'admin' }],
      });
    },
  );

  it("passes on a service's refusal of the token", async () => {
    const { get } = gatewayWith({
      profile: async () => json(401, { code: 'UNAUTHENTICATED', message: 'Signed out' }),
    });
    const answer = await get();
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Signed out' });
  });

  it('refuses parts that disagree on the role with the token', async () => {
    const { get } = gatewayWith({
      matching: async () => json(200, { role: 'job_seeker', matchRequests: [], searchAppearances: [] }),
    });
    expect((await get()).status).toBe(500);
  });
});
