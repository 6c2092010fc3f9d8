import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient } from './api';
import { createSessionStore } from './session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(answers: Array<Response | Error>) {
  const calls: Array<{ method: string; key: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: URL, init: RequestInit) => {
      calls.push({
        method: String(init.method),
        key: new Headers(init.headers as Record<string, string>).get('idempotency-key'),
      });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    }),
  );
  const session = createSessionStore(undefined);
  return {
    api: createApiClient({ baseUrl: 'http://api.test/api', session, onUnauthorized: () => undefined }),
    calls,
  };
}

describe('the API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends a write again with the same Idempotency-Key after an answer that leaves the outcome open', async () => {
    vi.useFakeTimers();
    const { api, calls } = client([
      json(503, { message: 'down', code: 'SERVICE_UNAVAILABLE' }),
      new TypeError('fetch failed'),
      json(200, { message: 'Request approved successfully!' }),
    ]);
    const answer = api('/admin/requests/1', { method: 'PUT', body: { status: 'approved' } });
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ message: 'Request approved successfully!' });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.key)).size).toBe(1);
    expect(calls[0]?.key).toMatch(/^[\w-]{16,}$/);
  });

  it('gives each write a key of its own, and does not repeat a definite refusal', async () => {
    const { api, calls } = client([
      json(409, { message: 'A rejected request cannot be changed to approved', code: 'CONFLICT' }),
      json(201, { message: 'ok' }),
    ]);
    await expect(api('/admin/requests/1', { method: 'PUT', body: {} })).rejects.toMatchObject({
      status: 409,
    });
    await api('/employer/request-candidate', { method: 'POST', body: {} });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.key).not.toBe(calls[1]?.key);
  });

  it('reads once, without a key, and reports the failure at once', async () => {
    const { api, calls } = client([
      json(503, { message: 'The matching service is unavailable', code: 'SERVICE_UNAVAILABLE' }),
    ]);
    await expect(api('/employer/search')).rejects.toBeInstanceOf(ApiRequestError);
    expect(calls).toEqual([{ method: 'GET', key: null }]);
  });

  it('gives up after three attempts and shows the last answer', async () => {
    vi.useFakeTimers();
    const { api, calls } = client(
      [0, 1, 2].map(() => json(504, { message: 'did not answer in time', code: 'GATEWAY_TIMEOUT' })),
    );
    const answer = api('/job-seeker/skills', { method: 'POST', body: {} }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await answer).toMatchObject({ status: 504, message: 'did not answer in time' });
    expect(calls).toHaveLength(3);
  });
});
