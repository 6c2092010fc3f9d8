import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { RestartPolicy } from './restart-policy';

export type ProcessSpec = {
  name: string;
  cwd: string;
  /** Arguments to node; TypeScript runs through tsx's loader, with no extra wrapper process. */
  args: string[];
  env: Record<string, string>;
  port: number;
  healthPath: string;
};

type Running = { spec: ProcessSpec; child: ChildProcess; log: WriteStream; exited: Promise<number | null> };

export type ProcessGroupOptions = {
  /** Starts a child that exits on its own again, with back-off; without it a dead child stays dead. */
  restart?: RestartPolicy;
  /** Where the group says what it does (a restart, giving up): the terminal and a log. */
  report?: (line: string) => void;
};

/**
 * Runs the product's processes as children of this one, each logging to its own file,
 * and stops them with SIGTERM (graceful shutdown) on request. With a restart policy, a
 * child that exits by itself is started again (and the group says so). Tests use it to
 * stop, freeze and restart single services.
 */
export class ProcessGroup {
  private readonly running = new Map<string, Running>();
  private readonly stopping = new Set<string>();
  private readonly restartTimers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly logDir: string,
    private readonly options: ProcessGroupOptions = {},
  ) {
    mkdirSync(logDir, { recursive: true });
  }

  start(spec: ProcessSpec): ChildProcess {
    if (this.running.has(spec.name)) throw new Error(`${spec.name} already runs`);
    const log = createWriteStream(join(this.logDir, `${spec.name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    this.running.set(spec.name, { spec, child, log, exited });
    void exited.then((code) => {
      const current = this.running.get(spec.name);
      if (current?.child === child) {
        this.running.delete(spec.name);
        log.end();
        if (!this.stopping.has(spec.name)) this.crashed(spec, code ?? child.signalCode);
      }
    });
    return child;
  }

  private crashed(spec: ProcessSpec, how: number | string | null) {
    const { restart, report = () => undefined } = this.options;
    if (!restart || this.closed) return;
    const log = join(this.logDir, `${spec.name}.log`);
    const next = restart.crashed(spec.name);
    if (!next) {
      report(
        `${spec.name} exited (${how}) ${restart.maxRestarts + 1} times within ${restart.windowMs / 1000} s; ` +
          `not restarting it again. See ${log}`,
      );
      return;
    }
    report(`${spec.name} exited (${how}); restarting it in ${next.delayMs} ms (restart ${next.attempt})`);
    this.restartTimers.set(
      spec.name,
      setTimeout(() => {
        this.restartTimers.delete(spec.name);
        if (this.closed || this.running.has(spec.name)) return;
        this.start(spec);
        this.waitHealthy(spec.name, 120000).then(
          () => report(`${spec.name} is back`),
          (error: Error) => report(`${spec.name} did not come back: ${error.message}`),
        );
      }, next.delayMs),
    );
  }

  /** Resolves when GET healthPath (or `path`) answers 200; fails early if the process exits. */
  async waitHealthy(name: string, timeoutMs = 60000, path?: string) {
    const entry = this.running.get(name);
    if (!entry) throw new Error(`${name} is not running`);
    const url = `http://127.0.0.1:${entry.spec.port}${path ?? entry.spec.healthPath}`;
    const deadline = Date.now() + timeoutMs;
    let exitCode: number | null | undefined;
    void entry.exited.then((code) => {
      exitCode = code;
    });
    while (Date.now() < deadline) {
      if (exitCode !== undefined) {
        throw new Error(`${name} exited with status ${exitCode}; see ${join(this.logDir, `${name}.log`)}`);
      }
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(
      `${name} did not become healthy within ${timeoutMs / 1000} s; see ${join(this.logDir, `${name}.log`)}`,
    );
  }

  async stop(name: string, timeoutMs = 25000) {
    clearTimeout(this.restartTimers.get(name));
    this.restartTimers.delete(name);
    const entry = this.running.get(name);
    if (!entry) return;
    this.stopping.add(name);
    try {
      entry.child.kill('SIGCONT'); // a frozen process cannot stop
      entry.child.kill('SIGTERM');
      const timer = setTimeout(() => entry.child.kill('SIGKILL'), timeoutMs);
      await entry.exited;
      clearTimeout(timer);
    } finally {
      this.stopping.delete(name);
    }
  }

  async stopAll() {
    this.closed = true;
    for (const timer of this.restartTimers.values()) clearTimeout(timer);
    this.restartTimers.clear();
    await Promise.all([...this.running.keys()].map((name) => this.stop(name)));
  }

  /** Sends a signal to a running process (fault tests freeze one with SIGSTOP and thaw it with SIGCONT). */
  signal(name: string, signal: NodeJS.Signals) {
    const entry = this.running.get(name);
    if (!entry) throw new Error(`${name} is not running`);
    entry.child.kill(signal);
  }

  isRunning(name: string) {
    return this.running.has(name);
  }

  /** The operating system's process id of a running process (benchmarks read its CPU and memory). */
  pid(name: string) {
    return this.running.get(name)?.child.pid;
  }

  spec(name: string) {
    return this.running.get(name)?.spec;
  }
}
