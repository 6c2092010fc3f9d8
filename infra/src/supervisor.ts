import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';

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

/**
 * Runs the product's processes as children of this one, each logging to its own file,
 * and stops them with SIGTERM (graceful shutdown) on request. Tests use it to stop and
 * restart single services.
 */
export class ProcessGroup {
  private readonly running = new Map<string, Running>();

  constructor(private readonly logDir: string) {
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
    void exited.then(() => {
      const current = this.running.get(spec.name);
      if (current?.child === child) {
        this.running.delete(spec.name);
        log.end();
      }
    });
    return child;
  }

  /** Resolves when GET healthPath answers 200; fails early if the process exits. */
  async waitHealthy(name: string, timeoutMs = 60000) {
    const entry = this.running.get(name);
    if (!entry) throw new Error(`${name} is not running`);
    const url = `http://127.0.0.1:${entry.spec.port}${entry.spec.healthPath}`;
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

  async stop(name: string, timeoutMs = 15000) {
    const entry = this.running.get(name);
    if (!entry) return;
    entry.child.kill('SIGTERM');
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), timeoutMs);
    await entry.exited;
    clearTimeout(timer);
  }

  async stopAll() {
    await Promise.all([...this.running.keys()].map((name) => this.stop(name)));
  }

  isRunning(name: string) {
    return this.running.has(name);
  }

  spec(name: string) {
    return this.running.get(name)?.spec;
  }
}
