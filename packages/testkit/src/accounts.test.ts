import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAccount } from './accounts';
import type { Stack } from './stack';

const deadline = {
  message: 'The request took too long and was not carried out; please try again',
  code: 'SERVICE_UNAVAILABLE',
  details: [{ path: 'deadline', message: 'exceeded' }],
};
const registered = { user: { id: 'u1', email: 'a@example.com' }, token: 't' };

describe('registerAccount on a loaded machine', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** A gateway stand-in answering each registration with the next of `answers` (the last one repeats). */
  async function gateway(answers: Array<[number, unknown]>) {
    const calls: unknown[] = [];
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        calls.push(JSON.parse(body));
        const [status, answer] = answers[Math.min(calls.length, answers.length) - 1]!;
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { stack: { api: `http://127.0.0.1:${port}/api` } as Stack, calls };
  }

  it('tries again while the answer says the request was not carried out', async () => {
    const { stack, calls } = await gateway([
      [503, deadline],
      [503, deadline],
      [201, registered],
    ]);
    const account = await registerAccount(stack, 'employer', 'a@example.com');
    expect(account.id).toBe('u1');
    expect(calls).toHaveLength(3);
  });

  it('gives up after three tries, and never repeats any other answer', async () => {
    const stuck = await gateway([[503, deadline]]);
    await expect(registerAccount(stuck.stack, 'employer')).rejects.toThrow('registration failed: 503');
    expect(stuck.calls).toHaveLength(3);
    server?.close();

    const taken = await gateway([[409, { message: 'Email already registered', code: 'CONFLICT' }]]);
    await expect(registerAccount(taken.stack, 'employer')).rejects.toThrow('registration failed: 409');
    expect(taken.calls).toHaveLength(1);
  });
});
