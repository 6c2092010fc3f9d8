import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, createFileClient } from './api';
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

describe('the file client', () => {
  const csv = 'Date,Action\r\n2026-11-21,Match approved\r\n';
  const file = (disposition?: string) =>
    new Response(csv, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        ...(disposition ? { 'content-disposition': disposition } : {}),
      },
    });

  function fileClient(next: () => Response | Promise<Response>) {
    const requests: Array<{ url: URL; headers: Headers }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init: RequestInit) => {
        requests.push({ url, headers: new Headers(init.headers as Record<string, string>) });
        return next();
      }),
    );
    const session = createSessionStore(undefined);
    session.set({
      token: 't.o.k',
      user: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', email: 'admin@example.com', userType: 'admin' },
    });
    const onUnauthorized = vi.fn();
    const download = createFileClient({ baseUrl: 'http://api.test/api', session, onUnauthorized });
    return { download, requests, session, onUnauthorized };
  }

  afterEach(() => vi.unstubAllGlobals());

  it('asks with the bearer token and the query, and gives the file with the name the server gave', async () => {
    const { download, requests } = fileClient(() =>
      file('attachment; filename="contact-log-2026-11-21.csv"'),
    );
    const got = await download('/admin/contact-logs/export', {
      query: { code: 'EM123456', action: 'note', from: '', to: undefined },
    });
    expect(await got.blob.text()).toBe(csv);
    expect(got.fileName).toBe('contact-log-2026-11-21.csv');
    expect(String(requests[0]?.url)).toBe(
      'http://api.test/api/admin/contact-logs/export?code=EM123456&action=note',
    );
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer t.o.k');
  });

  it('reads every form of the name, and none when none is given', async () => {
    const names: Array<[string | undefined, string | null]> = [
      ['attachment; filename=contact-log.csv', 'contact-log.csv'],
      [
        `attachment; filename="fallback.csv"; filename*=UTF-8''Kontakt%C3%BCbersicht.csv`,
        'Kontaktübersicht.csv',
      ],
      ['attachment; filename="say \\"hi\\".csv"', 'say "hi".csv'],
      ['attachment', null],
      [undefined, null],
    ];
    for (const [disposition, expected] of names) {
      const { download } = fileClient(() => file(disposition));
      expect((await download('/admin/contact-logs/export')).fileName).toBe(expected);
    }
  });

  it('clears the session on a 401 and reports it', async () => {
    const { download, session, onUnauthorized } = fileClient(() =>
      json(401, { message: 'Invalid token', code: 'UNAUTHENTICATED' }),
    );
    await expect(download('/admin/contact-logs/export')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid token',
      fromServer: true,
    });
    expect(session.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("refuses with the server's message and details, or a fallback when the answer has none", async () => {
    const details = [{ path: 'code', message: 'A candidate code looks like EM123456' }];
    const refused = fileClient(() => json(400, { message: 'Invalid query', code: 'BAD_REQUEST', details }));
    const error = await refused.download('/admin/contact-logs/export').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid query', fromServer: true, details });

    const bare = fileClient(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(bare.download('/admin/contact-logs/export')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed (502)',
      fromServer: false,
    });
  });

  it('says the server cannot be reached when there is no connection, or the file breaks off', async () => {
    const offline = fileClient(() => Promise.reject(new TypeError('fetch failed')));
    const unreachable = {
      status: 0,
      message: 'Cannot reach the server. Check your connection and try again.',
    };
    await expect(offline.download('/admin/contact-logs/export')).rejects.toMatchObject(unreachable);

    const broken = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Date,Action\r\n'));
        controller.error(new TypeError('terminated'));
      },
    });
    const cut = fileClient(() => new Response(broken, { status: 200 }));
    await expect(cut.download('/admin/contact-logs/export')).rejects.toMatchObject(unreachable);
  });

  it('lets an abort through as an abort', async () => {
    const { download } = fileClient(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(download('/admin/contact-logs/export')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
