import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type DaemonSpec = {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  logFile: string;
  pidFile: string;
};

/** Starts a background process that outlives this one, with its output in a log file. */
export function startDaemon({ command, args, cwd, env, logFile, pidFile }: DaemonSpec): number {
  mkdirSync(dirname(logFile), { recursive: true });
  mkdirSync(dirname(pidFile), { recursive: true });
  const out = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd,
    env: env ?? process.env,
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  if (!child.pid) throw new Error(`could not start ${command}`);
  child.unref();
  writeFileSync(pidFile, String(child.pid));
  return child.pid;
}

export function readPid(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export function isAlive(pid: number | undefined): pid is number {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM, then SIGKILL after `timeoutMs`; removes the pid file. Answers whether something was running. */
export async function stopDaemon(pidFile: string, timeoutMs = 20000): Promise<boolean> {
  const pid = readPid(pidFile);
  if (!isAlive(pid)) {
    rmSync(pidFile, { force: true });
    return false;
  }
  signal(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) signal(pid, 'SIGKILL');
  while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
  rmSync(pidFile, { force: true });
  return true;
}

/**
 * Freezes (SIGSTOP) or thaws (SIGCONT) a running daemon and its helpers, for fault tests:
 * a frozen process keeps its connections open but answers nothing, like a stalled host.
 */
export function pauseDaemon(pidFile: string, paused: boolean) {
  const pid = readPid(pidFile);
  if (!isAlive(pid)) throw new Error(`no running process for ${pidFile}`);
  signal(pid, paused ? 'SIGSTOP' : 'SIGCONT');
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    // the daemon leads its own process group: signal the group so helpers stop too
    process.kill(-pid, name);
  } catch {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}
