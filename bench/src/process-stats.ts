import { readdirSync, readFileSync } from 'node:fs';

const clockTicks = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far, from /proc; of its main thread alone with `mainThread`. */
export function cpuSeconds(pid: number, { mainThread = false } = {}) {
  const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Samples the resident memory of processes every `everyMs` until stopped; answers each one's peak. */
export function watchPeakMemory(pids: Record<string, number>, everyMs = 250) {
  const peaks: Record<string, number> = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      try {
        peaks[name] = Math.max(peaks[name]!, rssMb(pid));
      } catch {
        // the process is gone; its peak so far stands
      }
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    return peaks;
  };
}

/** The FerretDB process listening on the port of `mongoUrl`, found in /proc; undefined when it runs elsewhere. */
export function ferretDbPid(mongoUrl: string): number | undefined {
  const port = new URL(mongoUrl).port;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (command[0]?.endsWith('ferretdb') && command.includes(`--listen-addr=127.0.0.1:${port}`))
        return Number(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  return undefined;
}

/** Starts counting the CPU of processes; the answer gives each one's share of one core (%) over `seconds`. */
export function cpuMeter(pids: Record<string, number>) {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  return (seconds: number): Record<string, number> =>
    Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [
        name,
        Math.round(((cpuSeconds(pid) - before[name]!) / seconds) * 100),
      ]),
    );
}

/**
 * Starts counting how long each process's main thread waits, runnable, for a core (Linux's
 * schedstat); the answer gives that wait as a share of the time (%) over `seconds`. On a machine
 * whose cores are all busy it is where a request's time goes beside its own CPU.
 */
export function coreWaitMeter(pids: Record<string, number>) {
  const read = (pid: number) => {
    try {
      // schedstat: time run, time waited runnable for a core (ns), time slices; of the main thread
      return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]);
    } catch {
      return Number.NaN; // the process is gone, or the kernel keeps no schedstat
    }
  };
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, read(pid)]));
  return (seconds: number): Record<string, number> =>
    Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [
        name,
        Math.round(((read(pid) - before[name]!) / 1e9 / seconds) * 100),
      ]),
    );
}
