import { eventually, sleep } from '@meritmatch/testkit';
import WebSocket from 'ws';

/** Where a Node process opens its inspector on SIGUSR1 (Node's default). */
const inspectorPort = 9229;
const targetsUrl = `http://127.0.0.1:${inspectorPort}/json/list`;

/** The inspector's WebSocket address, once the process has opened it. */
const debuggerUrl = () =>
  eventually(
    async () =>
      ((await (await fetch(targetsUrl)).json()) as Array<{ webSocketDebuggerUrl?: string }>)[0]
        ?.webSocketDebuggerUrl,
    { what: `an inspector on port ${inspectorPort}`, timeoutMs: 10_000, intervalMs: 50 },
  );

/** Once the inspector is closed, its port refuses connections. */
const portClosed = () =>
  eventually(
    () =>
      fetch(targetsUrl).then(
        () => false,
        () => true,
      ),
    {
      what: `the inspector on port ${inspectorPort} closed`,
      timeoutMs: 5_000,
      intervalMs: 50,
    },
  );

/** Sends inspector commands over one WebSocket and answers each with its result. */
function session(socket: WebSocket) {
  let nextId = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    const entry = message.id === undefined ? undefined : waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id!);
    if (message.error) entry.reject(new Error(message.error.message));
    else entry.resolve(message.result);
  });
  return <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
}

/**
 * The heap a running Node process still holds after a full collection, with its array buffers
 * (MB): what a leak would grow. Resident memory after a load also holds the garbage V8 has not collected yet, so two
 * readings of it after the same load differ by tens of MB without a leak (docs/decisions/0021). SIGUSR1
 * opens the process's inspector (Node does that for any process); it collects, reads the heap's
 * use, and closes the inspector again, so the next process can open its own on the same port.
 * One process at a time.
 */
export async function liveHeapMb(pid: number): Promise<number> {
  process.kill(pid, 'SIGUSR1');
  const socket = new WebSocket(await debuggerUrl());
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const send = session(socket);
  try {
    await send('HeapProfiler.enable');
    await send('HeapProfiler.collectGarbage');
    const { usedSize } = await send<{ usedSize: number }>('Runtime.getHeapUsage');
    // and the array buffers, whose contents lie outside the heap (the index's typed arrays)
    const { result } = await send<{ result: { value: number } }>('Runtime.evaluate', {
      expression: 'process.memoryUsage().arrayBuffers',
      returnByValue: true,
    });
    return (usedSize + result.value) / 1024 / 1024;
  } finally {
    // closes the inspector, and this socket with it, before it answers: the port is free for the next process
    const closed = new Promise((resolve) => socket.once('close', resolve));
    void send('Runtime.evaluate', { expression: 'process._debugEnd()' });
    await Promise.race([closed, sleep(2_000)]);
    socket.terminate();
    await portClosed();
  }
}
