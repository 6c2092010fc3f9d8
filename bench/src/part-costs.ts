import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { cpuSeconds } from './process-stats';

export type CostedPart = { name: string; share: number; requests: autocannon.Request[] };

export type PartCost = {
  name: string;
  /** answers a second with one caller */
  perSecond: number;
  /** CPU milliseconds a request costs each process, its background use taken off */
  msByProcess: Record<string, number>;
  /** the sum over the processes */
  totalMs: number;
};

const cpuOf = (pids: Record<string, number>) =>
  Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One caller on `part` for `seconds`: the answers that were not errors, and the CPU seconds each process used. */
async function runAlone(url: string, part: CostedPart, seconds: number, pids: Record<string, number>) {
  const before = cpuOf(pids);
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: 1, duration: seconds, requests: part.requests }, (error, done) =>
      error ? reject(error) : resolve(done),
    ),
  );
  const after = cpuOf(pids);
  const used = Object.fromEntries(Object.keys(pids).map((name) => [name, after[name]! - before[name]!]));
  return { answered: result.requests.total - result.non2xx - result.errors - result.timeouts, used };
}

/**
 * What a request of each part of the mix costs in CPU, process by process: each part alone with
 * one caller for `seconds` against `base(part)`, its CPU taken from /proc, less what each process
 * uses with no load over the same time (relays, consumers, timers). One caller keeps the cores
 * from being contended, so these are the costs of the work itself; the events a request causes
 * (e-mails, index updates, contact logs) count to it, in the processes that handle them.
 */
export async function measurePartCosts(
  parts: CostedPart[],
  base: (part: CostedPart) => string,
  seconds: number,
  pids: Record<string, number>,
) {
  const idleBefore = cpuOf(pids);
  await sleep(seconds * 1000);
  const idleAfter = cpuOf(pids);
  /** each process's background CPU, in CPU seconds a second */
  const idle = Object.fromEntries(
    Object.keys(pids).map((name) => [name, (idleAfter[name]! - idleBefore[name]!) / seconds]),
  );
  const costs: PartCost[] = [];
  for (const part of parts) {
    const { answered, used } = await runAlone(base(part), part, seconds, pids);
    const msByProcess = Object.fromEntries(
      Object.keys(pids).map((name) => [
        name,
        answered > 0 ? (Math.max(0, used[name]! - idle[name]! * seconds) * 1000) / answered : Number.NaN,
      ]),
    );
    const totalMs = Object.values(msByProcess).reduce((sum, ms) => sum + ms, 0);
    costs.push({ name: part.name, perSecond: answered / seconds, msByProcess, totalMs });
  }
  return { idle, costs };
}

/**
 * The most requests a second the machine's cores could answer if each part held its share of the
 * requests and CPU were the only limit: cores ÷ the CPU of an average request of the mix.
 */
export function mixCeiling(parts: CostedPart[], costs: PartCost[], cores = availableParallelism()) {
  const byName = new Map(costs.map((cost) => [cost.name, cost]));
  const totalShare = parts.reduce((sum, part) => sum + part.share, 0);
  const meanMs = parts.reduce(
    (sum, part) => sum + (part.share / totalShare) * byName.get(part.name)!.totalMs,
    0,
  );
  return { cores, meanMs, perSecond: (cores * 1000) / meanMs };
}
