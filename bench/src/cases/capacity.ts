import {
  adminAccount,
  backendProcesses,
  call,
  eventually,
  seedCandidate,
  seedEmployer,
  startStack,
} from '@meritmatch/testkit';
import type autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { publishCandidates } from '../candidate-events';
import { generateCandidates } from '../generated-candidates';
import { liveHeapMb } from '../live-heap';
import { runMixCallers } from '../mix-callers';
import { measurePartCosts, mixCeiling } from '../part-costs';
import { coreWaitMeter, cpuMeter, rssMb, watchPeakMemory } from '../process-stats';
import { percentile, printTable, saveResult } from '../report';
import { readRouteTimes, routeTimesBetween } from '../route-times';
import { atLeast, atMost, type BenchCase, type Outcome } from '../suite/outcome';
import { benchInfra, benchProducer, infraAndLoadPids, productionBuild } from '../support';

type Part = {
  name: string;
  service: 'matching' | 'profile' | 'admin';
  share: number;
  requests: autocannon.Request[];
};
type Step = {
  connections: number;
  perSecond: number;
  p95: number;
  errorShare: number;
  cpu: Record<string, number>;
  /** each process's main thread: the share of the step it waited, runnable, for a core (%) */
  coreWait: Record<string, number>;
  /** each part's answers a second and p95 */
  parts: Record<string, string>;
  /** e-mails still to send when the step ended: work it caused that it did not pay for */
  emailsWaiting: number;
};

const p95Limit = 200;
const errorLimit = 0.01;
/** The capacity target: at least 300 requests a second through the gateway on this machine. */
const capacityTarget = 300;
/** The memory target: each service under 250 MB under the mixed load, with no growth over two runs. */
const loadedMemoryLimitMb = 250;
/**
 * What a second run may add to the heap a service still holds after a full collection, against the
 * first, and still count as no growth. Resident memory after a run is printed too, but it also
 * holds garbage not yet collected (it grew between runs while the live heap did not), so it
 * cannot tell a leak from the collector's timing.
 */
const growthTolerance = 1.1;
const services = ['auth', 'profile', 'matching', 'admin', 'notifications'] as const;

/**
 * Runs the mix for `seconds` with `connections` callers in all, each sending the whole mix in
 * turn (`mix-callers.ts`), so that every part holds its share of what is answered, against
 * `base(part)`. (Until 2026-11-28 each part had its share of the callers, autocannon: straight to
 * the services the cheap search then answered most of the requests, which made the gateway's
 * share of direct 0.08–0.11x a comparison of two different mixes.)
 */
async function runStep(
  parts: Part[],
  base: (part: Part) => string,
  connections: number,
  seconds: number,
  pids: Record<string, number>,
  emailsWaiting: () => Promise<number>,
) {
  const latencies: number[] = [];
  const partLatencies = parts.map((): number[] => []);
  const cpuOver = cpuMeter(pids);
  // FerretDB's and Kafka's main threads are not where they work: only the Node processes
  const coreWaitOver = coreWaitMeter(
    Object.fromEntries(Object.entries(pids).filter(([name]) => name !== 'ferretdb' && name !== 'kafka')),
  );
  const run = await runMixCallers({
    parts: parts.map((part) => ({ ...part, origin: base(part) })),
    callers: connections,
    seconds,
    onAnswer: (index, took) => {
      latencies.push(took);
      partLatencies[index]!.push(took);
    },
  });
  const cpu = cpuOver(seconds);
  const coreWait = coreWaitOver(seconds);
  const waiting = await emailsWaiting();

  const total = run.answered + run.errors;
  const failed = run.errors + run.non2xx;
  const good = run.answered - run.non2xx;
  return {
    connections,
    perSecond: good / seconds,
    p95: percentile(latencies, 95),
    errorShare: total ? failed / total : 1,
    cpu,
    coreWait,
    parts: Object.fromEntries(
      parts.map((part, index) => [
        part.name,
        `${(partLatencies[index]!.length / seconds).toFixed(0)}/s p95 ${percentile(partLatencies[index]!, 95).toFixed(0)} ms`,
      ]),
    ),
    emailsWaiting: waiting,
  } satisfies Step;
}

/** Steps the callers up until p95 passes 200 ms or errors pass 1%; the capacity is the best step within both. */
async function stepUp(
  parts: Part[],
  base: (part: Part) => string,
  seconds: number,
  pids: Record<string, number>,
  emailsWaiting: () => Promise<number>,
) {
  const steps: Step[] = [];
  for (const connections of [4, 8, 16, 32, 64, 128]) {
    const step = await runStep(parts, base, connections, seconds, pids, emailsWaiting);
    steps.push(step);
    if (step.p95 > p95Limit || step.errorShare > errorLimit) break;
  }
  const within = steps.filter((step) => step.p95 <= p95Limit && step.errorShare <= errorLimit);
  const best = within.reduce<Step | undefined>(
    (top, step) => (!top || step.perSecond > top.perSecond ? step : top),
    undefined,
  );
  return { steps, best };
}

/**
 * The capacity target: a mixed load at 100,000 candidates (10,000 in `--quick`), stepped up until
 * the p95 passes 200 ms or errors pass 1%, through the gateway and, as its peer, straight to
 * the services; with the CPU each process used at the capacity step. The mix, by share of the
 * requests answered: 60% employer search (varied filters), 10% candidate detail, 10% the job seeker's
 * profile read and written, 10% match requests made (each for another candidate), 10% the
 * admin's queue. The memory target is read from the run through the gateway, made twice: each service's
 * peak memory under the two, and its memory after the second against after the first (growth).
 * Last, each part alone with one caller: the CPU a request of it costs in every process, and from
 * those the most the machine's cores could answer of the mix (`part-costs.ts`), which says how
 * far the target is from what the work itself allows.
 */
export const capacityCase: BenchCase = async ({ quick }) => {
  productionBuild();
  const size = quick ? 10_000 : 100_000;
  const seconds = quick ? 3 : 10;
  const infra = await benchInfra();
  const stack = await startStack({ infra, build: 'production', processes: backendProcesses });
  const producer = await benchProducer(infra, 'capacity-bench');
  // the notifications service's queue of deliveries in play (its `delivery_queue`)
  const database = new MongoClient(infra.mongoUrl);
  const emailsWaiting = () =>
    database
      .db(`${stack.namespace}_notifications`)
      .collection('delivery_queue')
      .countDocuments({ status: { $in: ['pending', 'sending'] } });
  try {
    const employer = await seedEmployer(stack);
    const seeker = await seedCandidate(stack, { skills: [{ name: 'Go' }] });
    const admin = await adminAccount(stack);
    const candidates = generateCandidates(size);
    await publishCandidates(producer, stack.namespace, candidates);
    await eventually(
      async () =>
        (await call(`${stack.api}/employer/search`, { token: employer.token })).body?.pagination
          ?.totalCount >= size,
      { what: `${size} candidates indexed`, timeoutMs: 600000, intervalMs: 500 },
    );
    const auth = (token: string) => ({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    const searches = [
      'skills=python',
      'skills=sql,python&location=uk',
      'experience=senior',
      '',
      'skills=go',
      'education=master',
    ];
    let nextCandidate = 0;
    const parts: Part[] = [
      {
        name: 'search and detail',
        service: 'matching',
        share: 0.7,
        requests: [
          ...searches.map((query) => ({
            method: 'GET' as const,
            path: `/api/employer/search?${query}`,
            headers: auth(employer.token),
          })),
          {
            method: 'GET',
            path: `/api/employer/candidate/${candidates[0]!.candidateId}`,
            headers: auth(employer.token),
          },
        ],
      },
      {
        name: 'match requests',
        service: 'matching',
        share: 0.1,
        requests: [
          {
            method: 'POST',
            path: '/api/employer/request-candidate',
            headers: auth(employer.token),
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                jobSeekerId: candidates[nextCandidate++ % size]!.candidateId,
                message: 'Capacity test',
              }),
            }),
          },
        ],
      },
      {
        name: 'profile read and write',
        service: 'profile',
        share: 0.1,
        requests: [
          { method: 'GET', path: '/api/job-seeker/profile', headers: auth(seeker.token) },
          {
            method: 'PUT',
            path: '/api/job-seeker/profile',
            headers: auth(seeker.token),
            body: JSON.stringify({
              fullName: 'Test Candidate',
              location: 'Berlin, Germany',
              dateOfBirth: '1990-01-15',
            }),
          },
        ],
      },
      {
        name: 'admin queue',
        service: 'admin',
        share: 0.1,
        requests: [{ method: 'GET', path: '/api/admin/requests?status=pending', headers: auth(admin.token) }],
      },
    ];
    // CPU of the product's processes, and of FerretDB, Kafka and the load generator beside them
    const pids = {
      ...Object.fromEntries(backendProcesses.map((name) => [name, stack.pid(name)!])),
      ...infraAndLoadPids(infra),
    };
    // the mix through the gateway twice (memory after each: growth), then straight to the services
    const servicePids = Object.fromEntries(services.map((name) => [name, pids[name]!]));
    const memoryAfter = () => Object.fromEntries(services.map((name) => [name, rssMb(servicePids[name]!)]));
    // what each service still holds after a full collection, one after another (growth: a leak)
    const liveAfter = async () => {
      const live: Record<string, number> = {};
      for (const name of services) live[name] = await liveHeapMb(servicePids[name]!);
      return live;
    };
    const before = memoryAfter();
    const stopWatching = watchPeakMemory(servicePids);
    // where the time of the first run goes, route by route in every process
    const metricsUrls = Object.fromEntries(
      backendProcesses.map((name) => [name, stack.url(name as keyof typeof stack.ports)]),
    );
    const timesBefore = await readRouteTimes(metricsUrls);
    const gateway = await stepUp(parts, () => stack.url('gateway'), seconds, pids, emailsWaiting);
    const routeTimes = routeTimesBetween(timesBefore, await readRouteTimes(metricsUrls));
    const afterFirst = memoryAfter();
    const liveFirst = await liveAfter();
    const again = await stepUp(parts, () => stack.url('gateway'), seconds, pids, emailsWaiting);
    const afterSecond = memoryAfter();
    const liveSecond = await liveAfter();
    const peaks = stopWatching();
    const direct = await stepUp(parts, (part) => stack.url(part.service), seconds, pids, emailsWaiting);
    // why the capacity is what it is: the CPU a request of each part costs, every part alone
    const productPids = Object.fromEntries(Object.entries(pids).filter(([name]) => name !== 'load'));
    const partCosts = await measurePartCosts(parts, () => stack.url('gateway'), quick ? 3 : 5, productPids);
    const ceiling = mixCeiling(parts, partCosts.costs);
    printTable(
      'Memory of each service under the mixed load (MB): resident, and the live heap after a full collection',
      services.map((name) => ({
        process: name,
        before: before[name]!.toFixed(0),
        peak: peaks[name]!.toFixed(0),
        'after run 1': afterFirst[name]!.toFixed(0),
        'after run 2': afterSecond[name]!.toFixed(0),
        'live heap after run 1': liveFirst[name]!.toFixed(1),
        'live heap after run 2': liveSecond[name]!.toFixed(1),
      })),
    );

    printTable(
      'Where the first run through the gateway spent its time: the routes of every process',
      routeTimes.map((entry) => ({
        process: entry.process,
        route: entry.route,
        answered: entry.count,
        'mean ms': entry.meanMs.toFixed(1),
        'seconds in all': entry.seconds.toFixed(1),
      })),
    );
    printTable(
      "CPU a request of each part costs (ms), each part alone with one caller through the gateway, less each process's use with no load",
      partCosts.costs.map((cost) => ({
        part: cost.name,
        'per second': cost.perSecond.toFixed(1),
        ...Object.fromEntries(Object.entries(cost.msByProcess).map(([name, ms]) => [name, ms.toFixed(1)])),
        'all processes': cost.totalMs.toFixed(1),
      })),
    );
    process.stdout.write(
      `With no load each process used (% of a core): ${Object.entries(partCosts.idle)
        .map(([name, share]) => `${name} ${(share * 100).toFixed(1)}`)
        .join(', ')}\n` +
        `A request of the mix costs ${ceiling.meanMs.toFixed(1)} ms of CPU on average (parts weighted by their shares): ` +
        `${ceiling.cores} cores answer at most ${ceiling.perSecond.toFixed(0)} a second\n`,
    );
    const rows = [
      ...gateway.steps.map((step) => ({ path: 'gateway', ...row(step) })),
      ...again.steps.map((step) => ({ path: 'gateway again', ...row(step) })),
      ...direct.steps.map((step) => ({ path: 'direct', ...row(step) })),
    ];
    printTable(
      `Mixed load at ${size.toLocaleString('en')} candidates, stepped up (CPU, and each Node process's wait for a core, in % of the step)`,
      rows,
    );
    process.stdout.write(
      `saved ${saveResult('capacity', { size, seconds, gateway, again, direct, routeTimes, partCosts, ceiling, memory: { before, peaks, afterFirst, afterSecond, liveFirst, liveSecond } })}\n`,
    );
    const through = gateway.best?.perSecond ?? 0;
    const straight = direct.best?.perSecond ?? 0;
    const describe = (run: typeof gateway) => {
      if (run.best) {
        const cpu = Object.entries(run.best.cpu)
          .map(([name, percent]) => `${name} ${percent}%`)
          .join(', ');
        return `${run.best.perSecond.toFixed(0)}/s at ${run.best.connections} callers (CPU ${cpu}; ${run.best.emailsWaiting} e-mails waiting at its end)`;
      }
      const first = run.steps[0]!;
      return `none within the limits (${first.connections} callers: ${first.perSecond.toFixed(0)}/s, p95 ${first.p95.toFixed(0)} ms)`;
    };
    const sized = `${size.toLocaleString('en')} candidates`;
    const capacity = atLeast(
      {
        case: 'capacity: mixed load through the gateway',
        size: sized,
        figure: `${describe(gateway)}; CPU ceiling of the mix ${ceiling.perSecond.toFixed(0)}/s (${ceiling.meanMs.toFixed(0)} ms a request on ${ceiling.cores} cores)`,
        peer: `target ${capacityTarget}/s within p95 ${p95Limit} ms and 1% errors`,
      },
      through,
      capacityTarget,
      1,
    );
    const share = atLeast(
      {
        case: 'capacity: gateway against direct',
        size: sized,
        figure: `${through.toFixed(0)}/s`,
        peer: `straight to the services: ${describe(direct)}`,
      },
      through,
      straight,
      0.6,
    );
    const memoryRows: Outcome[] = services.flatMap((name) => [
      atMost(
        {
          case: `memory under the mixed load: ${name}`,
          size: sized,
          figure: `peak ${peaks[name]!.toFixed(0)} MB`,
          peer: `limit ${loadedMemoryLimitMb} MB${name === 'matching' ? ' (the search index lives in memory)' : ''}`,
        },
        peaks[name]!,
        loadedMemoryLimitMb,
        1,
      ),
      atMost(
        {
          case: `memory growth over two runs: ${name}`,
          size: sized,
          figure: `live heap ${liveSecond[name]!.toFixed(1)} MB after run 2 (resident ${afterSecond[name]!.toFixed(0)} MB)`,
          peer: `${liveFirst[name]!.toFixed(1)} MB after run 1 (resident ${afterFirst[name]!.toFixed(0)} MB)`,
        },
        liveSecond[name]!,
        liveFirst[name]!,
        growthTolerance,
      ),
    ]);
    // no step within the limits on either path is no capacity to compare
    return [capacity, gateway.best && direct.best ? share : { ...share, met: false }, ...memoryRows];
  } finally {
    await database.close();
    await producer.disconnect();
    await stack.close();
  }
};

const row = (step: Step) => ({
  callers: step.connections,
  'per second': step.perSecond.toFixed(0),
  'p95 ms': step.p95.toFixed(0),
  errors: `${(step.errorShare * 100).toFixed(1)}%`,
  ...step.parts,
  'e-mails waiting at the end': step.emailsWaiting,
  cpu: Object.entries(step.cpu)
    .map(([name, percent]) => `${name} ${percent}`)
    .join(' '),
  'waiting for a core': Object.entries(step.coreWait)
    .filter(([, percent]) => Number.isFinite(percent))
    .map(([name, percent]) => `${name} ${percent}`)
    .join(' '),
});
