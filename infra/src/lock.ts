import { mkdirSync, rmSync, statSync } from 'node:fs';

/** A cross-process lock (a directory), so parallel test runs install a tool only once. */
export async function withLock<T>(
  path: string,
  work: () => Promise<T>,
  timeoutMs = 15 * 60 * 1000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(path, { recursive: false });
      break;
    } catch {
      // a lock older than the timeout belongs to a process that died
      try {
        if (Date.now() - statSync(path).mtimeMs > timeoutMs) rmSync(path, { recursive: true, force: true });
      } catch {
        // it went away meanwhile
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(path, { recursive: true, force: true });
  }
}
