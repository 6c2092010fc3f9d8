import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startStack } from '@meritmatch/testkit';
import getPort from 'get-port';
import { type LoadResult, loadTest, startPeer } from '../load';
import { cpuSeconds } from '../process-stats';
import { printTable } from '../report';
import { benchRoute } from '../servers/payload';
import { atLeast, type BenchCase, type Outcome } from '../suite/outcome';
import { benchInfra, ms, productionBuild } from '../support';

const connections = 10;
const cpuProfiler = fileURLToPath(new URL('../servers/cpu-profile.mjs', import.meta.url));

type Measured = LoadResult & { cpuMsPerRequest: number };

/**
 * The service framework against node:http and fastify serving the same document (and bare Hono,
 * which shows how much of the gap is the framework itself and how much the kit's middleware), and the
 * same route through the gateway against a minimal keep-alive forwarder on undici, each
 * under the same closed-loop load (autocannon, 10 callers), one after another in one run.
 */
export const httpHopCase: BenchCase = async ({ quick }) => {
  const seconds = quick ? 3 : 10;
  const children: ChildProcess[] = [];
  const pids = new Map<string, number>();
  const peer = async (mode: string, upstream?: string) => {
    const port = await getPort();
    const child = await startPeer(mode, port, upstream);
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    pids.set(url, child.pid!);
    return url;
  };
  /** The load's rate and latency, and the CPU time the serving process spent per request (which the load of other work does not stretch). */
  const measure = async (url: string) => {
    await loadTest(`${url}${benchRoute}`, { connections, seconds: 1 });
    const pid = pids.get(url)!;
    const cpuBefore = cpuSeconds(pid);
    const result = await loadTest(`${url}${benchRoute}`, { connections, seconds });
    const cpuMsPerRequest = ((cpuSeconds(pid) - cpuBefore) * 1000) / result.requests;
    if (result.errors > 0 || result.non2xx > 0)
      throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
    return { ...result, cpuMsPerRequest };
  };
  productionBuild();
  const infra = await benchInfra();
  try {
    const nodeUrl = await peer('node');
    const fastifyUrl = await peer('fastify');
    const honoUrl = await peer('hono');
    const serviceUrl = await peer('service');
    const forwarderUrl = await peer('forwarder', serviceUrl);
    const stack = await startStack({
      infra,
      processes: ['gateway'],
      build: 'production',
      logLevel: 'warn',
      extraEnv: {
        gateway: {
          AUTH_URL: serviceUrl,
          RATE_LIMIT_MULTIPLIER: '100000',
          // BENCH_CPU_PROFILE=<folder>: the gateway writes a V8 CPU profile there when it stops
          ...(process.env.BENCH_CPU_PROFILE ? { NODE_OPTIONS: `--import=${cpuProfiler}` } : {}),
        },
      },
    });
    pids.set(stack.url('gateway'), stack.pid('gateway')!);
    const results: Record<string, Measured> = {};
    try {
      results.node = await measure(nodeUrl);
      results.fastify = await measure(fastifyUrl);
      results.hono = await measure(honoUrl);
      results.service = await measure(serviceUrl);
      results.forwarder = await measure(forwarderUrl);
      results.gateway = await measure(stack.url('gateway'));
    } finally {
      await stack.close();
    }
    printTable(
      `One JSON document (${benchRoute}), ${connections} keep-alive callers, ${seconds} s each`,
      Object.entries(results).map(([name, r]) => ({
        server: name,
        'per second': r.perSecond.toFixed(0),
        p50: ms(r.p50),
        p99: ms(r.p99),
        'CPU per request': ms(r.cpuMsPerRequest),
      })),
    );
    const { node, fastify, hono, service, forwarder, gateway } = results;
    const perSecond = (r: Measured) => `${r.perSecond.toFixed(0)}/s (CPU ${ms(r.cpuMsPerRequest)})`;
    const addedGateway = gateway!.p50 - service!.p50;
    const addedForwarder = forwarder!.p50 - service!.p50;
    const rows: Outcome[] = [
      atLeast(
        {
          case: 'framework: service kit vs fastify',
          size: `${connections} callers`,
          figure: perSecond(service!),
          peer: `fastify ${perSecond(fastify!)} (node:http ${perSecond(node!)}; bare Hono ${perSecond(hono!)})`,
        },
        service!.perSecond,
        fastify!.perSecond,
        0.8,
      ),
      atLeast(
        {
          case: 'gateway hop vs undici forwarder',
          size: `${connections} callers`,
          figure: perSecond(gateway!),
          peer: `forwarder ${perSecond(forwarder!)}`,
        },
        gateway!.perSecond,
        forwarder!.perSecond,
        0.7,
      ),
      {
        case: 'gateway hop: added median',
        size: `${connections} callers`,
        figure: ms(addedGateway),
        peer: `forwarder adds ${ms(addedForwarder)}`,
        ratio: 'n/a',
        target: '<= 1 ms',
        met: addedGateway <= 1,
      },
    ];
    return rows;
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
};
