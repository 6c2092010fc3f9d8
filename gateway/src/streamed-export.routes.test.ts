import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, gatewayHarness } from './testing/harness';

const exportPath = '/api/admin/contact-logs/export';
const timeoutMs = 600;

/** A promise the test settles when it has looked at what came before. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("the gateway passes a streamed answer on as it comes (the contact log's export)", () => {
  let gateway: GatewayHarness;
  let adminToken: string;
  const lastRow = gate();

  beforeAll(async () => {
    gateway = await gatewayHarness({
      env: { PROXY_TIMEOUT_MS: String(timeoutMs) },
      answer: {
        admin: ({ path }) => {
          if (!path.startsWith(exportPath)) return undefined;
          if (path.includes('code=bad'))
            return {
              status: 400,
              body: { message: 'A candidate code looks like EM123456', code: 'VALIDATION_FAILED' },
            };
          return {
            write: async (response) => {
              response.writeHead(200, {
                'content-type': 'text/csv; charset=utf-8',
                'content-disposition': 'attachment; filename="contact-log-2026-12-01.csv"',
              });
              response.write('Entry ID,Notes\r\n');
              if (path.includes('break=1')) {
                // the service dies part-way
                setTimeout(() => response.destroy(), 50);
                return;
              }
              await lastRow.opened;
              response.end('e1,The last row\r\n');
            },
          };
        },
      },
    });
    adminToken = await gateway.token('admin');
  });
  afterAll(() => gateway?.close());

  const ask = (query = '') =>
    fetch(`${gateway.url}${exportPath}${query}`, { headers: { authorization: `Bearer ${adminToken}` } });

  it('gives the first rows before the service has written the last, and waits past its time-out for them', async () => {
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="contact-log-2026-12-01.csv"',
    );
    const reader = answer.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe('Entry ID,Notes\r\n');
    // longer than any answer may take to start: the rows still come
    await new Promise((resolve) => setTimeout(resolve, timeoutMs * 2));
    lastRow.open();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += decoder.decode(part.value);
    expect(rest).toBe('e1,The last row\r\n');
  });

  it('breaks the download off when the service dies part-way, never a short file that looks whole', async () => {
    const answer = await ask('?break=1');
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
  });

  it("passes the service's refusal on as it is", async () => {
    const answer = await ask('?code=bad');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      message: 'A candidate code looks like EM123456',
      code: 'VALIDATION_FAILED',
    });
  });

  it('is for admins only', async () => {
    const answer = await fetch(`${gateway.url}${exportPath}`, {
      headers: { authorization: `Bearer ${await gateway.token('employer')}` },
    });
    expect(answer.status).toBe(403);
  });
});
