import { readFileSync, rmSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dataRoot } from '@meritmatch/infra';
import getPort from 'get-port';

/**
 * Ports for the processes tests start, reserved across every test process on the machine.
 *
 * A port that get-port finds free is free only at that moment: the process meant for it
 * listens seconds later, once it has loaded. turbo runs two packages at once, vitest runs
 * files in parallel workers, and the operating system hands the same free port to whoever
 * asks next. When two stacks were given one port, the second process could not listen,
 * and the first stack's process answered the second stack's health checks and requests
 * (CI once saw "No route for POST /api/auth/login" from a service standing where a gateway
 * should have been).
 *
 * So a reservation is a file named after the port, created only if it does not exist yet,
 * holding the reserving process's id; a reservation whose process is gone is taken over.
 * Ports come from below the system's ephemeral range, which the system hands out for
 * outgoing connections and port 0, so nothing else takes them meanwhile.
 */

export type PortRange = { low: number; high: number };

const fallbackEphemeralLow = 32768;
const lowestPort = 20000;

export const portLocksDir = join(dataRoot, 'test', 'ports');

/** The first port of the system's ephemeral range (Linux), or the usual one elsewhere. */
export function ephemeralLow(read = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')) {
  try {
    const low = Number(read().trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > lowestPort + 1000 ? low : fallbackEphemeralLow;
  } catch {
    return fallbackEphemeralLow;
  }
}

export function reservableRange(): PortRange {
  return { low: lowestPort, high: ephemeralLow() - 1 };
}

export type PortReserverOptions = {
  dir?: string;
  range?: PortRange;
  /** Whether a process still runs; a reservation held by one that does not is stale. */
  isAlive?: (pid: number) => boolean;
  /** Whether nothing listens on the port now. */
  isFree?: (port: number) => Promise<boolean>;
  random?: () => number;
  pid?: number;
};

function processIsAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function nothingListens(port: number) {
  return (await getPort({ port })) === port;
}

export class PortReserver {
  private readonly held = new Set<number>();
  private readonly dir: string;
  private readonly range: PortRange;
  private readonly isAlive: (pid: number) => boolean;
  private readonly isFree: (port: number) => Promise<boolean>;
  private readonly random: () => number;
  private readonly pid: number;

  constructor(options: PortReserverOptions = {}) {
    this.dir = options.dir ?? portLocksDir;
    this.range = options.range ?? reservableRange();
    this.isAlive = options.isAlive ?? processIsAlive;
    this.isFree = options.isFree ?? nothingListens;
    this.random = options.random ?? Math.random;
    this.pid = options.pid ?? process.pid;
  }

  private lockFile(port: number) {
    return join(this.dir, String(port));
  }

  /** Creates the port's reservation; false when a running process holds it. */
  private async claim(port: number): Promise<boolean> {
    const file = this.lockFile(port);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await writeFile(file, String(this.pid), { flag: 'wx' });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = Number(await readFile(file, 'utf8').catch(() => ''));
      // a file just created and not yet written reads empty: its owner is busy, not gone
      if (!Number.isInteger(owner) || owner <= 0 || this.isAlive(owner)) return false;
      await rm(file, { force: true });
    }
    return false;
  }

  /** A port no other test process holds and nothing listens on; held until released or this process exits. */
  async reserve(): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    const size = this.range.high - this.range.low + 1;
    const start = Math.floor(this.random() * size);
    for (let step = 0; step < size; step++) {
      const port = this.range.low + ((start + step) % size);
      if (this.held.has(port) || !(await this.claim(port))) continue;
      if (await this.isFree(port)) {
        this.held.add(port);
        return port;
      }
      await rm(this.lockFile(port), { force: true });
    }
    throw new Error(`no free port between ${this.range.low} and ${this.range.high}`);
  }

  async release(ports: Iterable<number>) {
    for (const port of ports) {
      if (!this.held.delete(port)) continue;
      await rm(this.lockFile(port), { force: true });
    }
  }

  /** Drops every reservation this reserver holds, synchronously (for process exit). */
  releaseAllNow() {
    for (const port of this.held) rmSync(this.lockFile(port), { force: true });
    this.held.clear();
  }

  holds(port: number) {
    return this.held.has(port);
  }
}

let shared: PortReserver | undefined;

function sharedReserver() {
  if (!shared) {
    const reserver = new PortReserver();
    process.once('exit', () => reserver.releaseAllNow());
    shared = reserver;
  }
  return shared;
}

/** Reserves a port for a process a test starts (see the module's comment). */
export function reservePort(): Promise<number> {
  return sharedReserver().reserve();
}

/** Gives ports back once what listened on them has stopped. */
export function releasePorts(ports: Iterable<number>): Promise<void> {
  return sharedReserver().release(ports);
}
