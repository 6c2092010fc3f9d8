import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

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
