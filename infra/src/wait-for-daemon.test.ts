import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon, stopDaemon } from './daemon';
import { InfraError, waitForDaemon } from './preflight';

const folders: string[] = [];
const pidFiles: string[] = [];
afterEach(async () => {
  for (const pidFile of pidFiles.splice(0)) await stopDaemon(pidFile, 2000);
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A real background process running `script`, as the infrastructure's servers are started. */
function daemon(script: string) {
  const folder = mkdtempSync(join(tmpdir(), 'mm-daemon-'));
  folders.push(folder);
  const logFile = join(folder, 'server.log');
  const pidFile = join(folder, 'server.pid');
  pidFiles.push(pidFile);
  const pid = startDaemon({ command: process.execPath, args: ['-e', script], logFile, pidFile });
  return { pid, logFile };
}

const refused = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:27217'));

describe('waiting for a server that was just started', () => {
  it('fails at once, with the end of its log, when the server stops while starting', async () => {
    const server = daemon("console.error('fatal: cannot open the state folder'); process.exit(3)");
    const started = Date.now();
    const failure = await waitForDaemon({
      ...server,
      probe: refused,
      timeoutMs: 20000,
      what: 'FerretDB on port 27217',
      intervalMs: 50,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InfraError);
    expect((failure as Error).message).toMatch(/^FerretDB on port 27217 stopped while starting; /);
    expect((failure as Error).message).toContain('fatal: cannot open the state folder');
    expect(Date.now() - started).toBeLessThan(10000);
  });

  it('names a running process whose port refuses connections, and shows its log', async () => {
    const server = daemon("console.log('listening on 127.0.0.1:27217'); setInterval(() => {}, 1000)");
    const failure = await waitForDaemon({
      ...server,
      probe: refused,
      timeoutMs: 600,
      what: 'FerretDB on port 27217',
      intervalMs: 50,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InfraError);
    const message = (failure as Error).message;
    expect(message).toContain(
      'FerretDB on port 27217 did not become ready within 1 s: connect ECONNREFUSED 127.0.0.1:27217',
    );
    expect(message).toContain(`Its process (${server.pid}) runs`);
    expect(message).toContain('podman ps');
    expect(message).toContain('listening on 127.0.0.1:27217');
  });

  it('resolves once the server answers', async () => {
    const server = daemon('setInterval(() => {}, 1000)');
    let tries = 0;
    await waitForDaemon({
      ...server,
      probe: async () => {
        tries += 1;
        if (tries < 3) throw new Error('not yet');
      },
      timeoutMs: 20000,
      what: 'Mailpit',
      intervalMs: 20,
    });
    expect(tries).toBe(3);
  });
});
