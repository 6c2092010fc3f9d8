import { backendProcesses, call, eventually, seedEmployer, startStack } from '@meritmatch/testkit';
import { candidatesReadByEveryone, publishCandidates } from '../candidate-events';
import { generateCandidates } from '../generated-candidates';
import { liveHeapMb } from '../live-heap';
import { cpuMeter, rssMb } from '../process-stats';
import { printTable, saveResult } from '../report';
import { atMost, type BenchCase, type Outcome } from '../suite/outcome';
import { benchInfra, benchProducer, productionBuild } from '../support';

const services = backendProcesses.filter((name) => name !== 'gateway');
const idleLimitMb = 100;
/** The memory target: the index rebuilt from the topic at 100,000 candidates in under 10 s. */
const rebuildLimitS = 10;
const rebuildLimitSize = 100_000;
/** The scale targets: the index of a million candidates in at most 1.5 GB, rebuilt from the topic in at most 60 s. */
const millionMemoryLimitMb = 1536;
const millionRebuildLimitS = 60;
const million = 1_000_000;

const mb = (value: number) => `${value.toFixed(0)} MB`;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The memory target, from the production builds: each service's resident memory idle (after
 * start-up and a settle), and the matching service's start from its compacted `candidates`
 * topic at 100,000 candidates (20,000 in `--quick`, against the limit scaled to that size):
 * from the restart to a search that counts every candidate, with its memory after.
 */
export const memoryCase: BenchCase = async ({ quick }) => {
  productionBuild();
  const size = Number(process.env.BENCH_INDEX_SIZE ?? (quick ? 20_000 : rebuildLimitSize));
  const infra = await benchInfra();
  const stack = await startStack({ infra, build: 'production', processes: backendProcesses });
  const producer = await benchProducer(infra, 'memory-bench');
  const pidOf = (name: string) => {
    const pid = stack.pid(name);
    if (!pid) throw new Error(`${name} is not running`);
    return pid;
  };
  try {
    await settle(quick ? 5000 : 15000);
    const idle = Object.fromEntries(services.map((name) => [name, rssMb(pidOf(name))]));
    const gatewayIdleMb = rssMb(pidOf('gateway'));
    // what each process spends doing nothing: on two cores, every idle wake-up is taken from the load
    const idleSeconds = quick ? 5 : 10;
    const idleCpuOver = cpuMeter(Object.fromEntries(backendProcesses.map((name) => [name, pidOf(name)])));
    await settle(idleSeconds * 1000);
    const idleCpu = idleCpuOver(idleSeconds);

    const employer = await seedEmployer(stack);
    const counted = async () =>
      (await call(`${stack.api}/employer/search`, { token: employer.token })).body?.pagination?.totalCount;
    await eventually(async () => (await counted()) === 0, { what: 'employer verified', timeoutMs: 30000 });
    // the live heap (after a full collection) without candidates: what the index adds is measured from it
    const emptyLiveMb = await liveHeapMb(pidOf('matching'));
    await publishCandidates(producer, stack.namespace, generateCandidates(size));
    await eventually(async () => (await counted()) === size, {
      what: `${size} candidates indexed`,
      timeoutMs: 600000,
      intervalMs: 500,
    });
    const indexedMb = rssMb(pidOf('matching'));
    // matching's restart is measured alone: the other readers of the topic (admin's owners of the
    // candidates, notifications' erasures) first read what was published
    const othersReadS = await candidatesReadByEveryone(infra.kafkaBrokers, stack.namespace);
    process.stdout.write(
      `the other services read the ${size} candidates ${othersReadS.toFixed(1)} s after matching\n`,
    );

    await stack.stop('matching');
    const restarted = performance.now();
    await stack.start('matching');
    await eventually(async () => (await counted()) === size, {
      what: `${size} candidates indexed again`,
      timeoutMs: 300000,
      intervalMs: 100,
    });
    const rebuildS = (performance.now() - restarted) / 1000;
    await settle(2000);
    const rebuiltMb = rssMb(pidOf('matching'));
    const rebuiltLiveMb = await liveHeapMb(pidOf('matching'));
    const bytesPerCandidate = ((rebuiltLiveMb - emptyLiveMb) * 1024 * 1024) / size;
    // the index grows linearly with the candidates: a million is the empty heap and a million of them
    const millionMb = emptyLiveMb + (bytesPerCandidate * million) / 1024 / 1024;
    const rebuildPerMillionS = (rebuildS * million) / size;

    printTable('Resident memory of each service (production build)', [
      ...services.map((name) => ({
        process: name,
        state: `idle (CPU ${idleCpu[name]}% of one core)`,
        memory: mb(idle[name]!),
      })),
      {
        process: 'gateway',
        state: `idle (CPU ${idleCpu.gateway}% of one core)`,
        memory: mb(gatewayIdleMb),
      },
      {
        process: 'matching',
        state: `${size.toLocaleString('en')} candidates indexed`,
        memory: mb(indexedMb),
      },
      { process: 'matching', state: 'after rebuilding from the topic', memory: mb(rebuiltMb) },
      { process: 'matching', state: 'live heap, no candidates', memory: mb(emptyLiveMb) },
      {
        process: 'matching',
        state: `live heap after rebuilding (${Math.round(bytesPerCandidate).toLocaleString('en')} bytes a candidate)`,
        memory: mb(rebuiltLiveMb),
      },
    ]);
    process.stdout.write(
      `saved ${saveResult('memory', { size, idle, idleCpu, indexedMb, othersReadS, rebuildS, rebuiltMb, emptyLiveMb, rebuiltLiveMb, bytesPerCandidate })}\n`,
    );

    const limitS = (rebuildLimitS * size) / rebuildLimitSize;
    const outcomes: Outcome[] = services.map((name) =>
      atMost(
        {
          case: `memory idle: ${name}`,
          size: 'production build',
          figure: mb(idle[name]!),
          peer: `limit ${idleLimitMb} MB`,
        },
        idle[name]!,
        idleLimitMb,
        1,
      ),
    );
    outcomes.push(
      atMost(
        {
          case: 'matching: index rebuilt from the topic',
          size: `${size.toLocaleString('en')} candidates`,
          figure: `${rebuildS.toFixed(1)} s (memory ${mb(rebuiltMb)})`,
          peer:
            size === rebuildLimitSize
              ? `limit ${rebuildLimitS} s`
              : `limit ${limitS.toFixed(1)} s (${rebuildLimitS} s at 100,000, scaled)`,
        },
        rebuildS,
        limitS,
        1,
      ),
    );
    outcomes.push(
      atMost(
        {
          case: 'matching: index live heap at a million (from bytes a candidate)',
          size: `${size.toLocaleString('en')} candidates`,
          figure: `${mb(millionMb)} (${Math.round(bytesPerCandidate).toLocaleString('en')} B a candidate)`,
          peer: `limit ${mb(millionMemoryLimitMb)}`,
        },
        millionMb,
        millionMemoryLimitMb,
        1,
      ),
      atMost(
        {
          case: 'matching: index rebuild, seconds a million',
          size: `${size.toLocaleString('en')} candidates`,
          figure: `${rebuildPerMillionS.toFixed(1)} s`,
          peer: `limit ${millionRebuildLimitS} s`,
        },
        rebuildPerMillionS,
        millionRebuildLimitS,
        1,
      ),
    );
    return outcomes;
  } finally {
    await producer.disconnect();
    await stack.close();
  }
};
