import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export type LoadResult = {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
};

/** A closed-loop load of `connections` keep-alive callers for `seconds` (autocannon). */
export async function loadTest(
  url: string,
  {
    connections = 10,
    seconds = 5,
    headers = {},
  }: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    perSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** Starts a peer server of the suite (`servers/http-peers.ts`) and waits until it listens. */
export async function startPeer(mode: string, port: number, upstream?: string): Promise<ChildProcess> {
  const script = fileURLToPath(new URL('./servers/http-peers.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, mode, String(port), ...(upstream ? [upstream] : [])],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${mode} did not start: ${output}`)), 60000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`${mode} exited (${code}): ${output}`)));
  });
  return child;
}
