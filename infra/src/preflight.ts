import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { isAlive } from './daemon';

export class InfraError extends Error {
  override name = 'InfraError';
}

/** Fails with a clear sentence when a tool the embedded default builds or runs with is missing. */
export function requireCommand(command: string, args: string[], why: string) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new InfraError(`${command} is not available: ${why}`);
  }
  return `${result.stdout}${result.stderr}`.trim();
}

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function assertPortFree(port: number, what: string, variable: string) {
  if (!(await isPortFree(port))) {
    throw new InfraError(
      `port ${port} is taken by another program, so ${what} cannot start; stop that program or set ${variable} to a free port`,
    );
  }
}

/** Polls `probe` until it resolves, or fails after `timeoutMs` with the last error. */
export async function waitUntil(
  probe: () => Promise<unknown>,
  timeoutMs: number,
  what: string,
  intervalMs = 250,
) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new InfraError(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s: ${reason}`);
}

/** The last lines of a daemon's log, to put in a failure that would otherwise say only "refused". */
export function logTail(logFile: string, lines = 15) {
  if (!existsSync(logFile)) return `(no log at ${logFile})`;
  const text = readFileSync(logFile, 'utf8').trimEnd();
  if (!text) return `(its log ${logFile} is empty)`;
  return `the end of its log ${logFile}:\n${text.split('\n').slice(-lines).join('\n')}`;
}

/**
 * Waits for a daemon this process has just started, like `waitUntil`, but says why it failed:
 * at once, with the end of its log, when the process has stopped; and after `timeoutMs` while
 * it still runs, also with the end of its log. A process that runs while its port refuses
 * connections is usually met behind a rule that sends the port elsewhere (a container's
 * published port left by an interrupted run: `podman ps`), which binding the port beforehand
 * cannot see.
 */
export async function waitForDaemon({
  pid,
  logFile,
  probe,
  timeoutMs,
  what,
  intervalMs = 250,
}: {
  pid: number;
  logFile: string;
  probe: () => Promise<unknown>;
  timeoutMs: number;
  what: string;
  intervalMs?: number;
}) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
    }
    if (!isAlive(pid)) throw new InfraError(`${what} stopped while starting; ${logTail(logFile)}`);
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new InfraError(
    `${what} did not become ready within ${Math.round(timeoutMs / 1000)} s: ${reason}. ` +
      `Its process (${pid}) runs; if its port refuses connections, another program or a forwarding rule may be taking it (a container's published port: podman ps / docker ps); ${logTail(logFile)}`,
  );
}
