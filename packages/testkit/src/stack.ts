import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  dataRoot,
  defaultPorts,
  ProcessGroup,
  type ProcessSpec,
  type ProductBuild,
  type ProductPorts,
  productProcesses,
  RestartPolicy,
  type RestartPolicyOptions,
  type ServiceName,
} from '@meritmatch/infra';
import type { InfraContext } from './context';
import { uniqueName } from './names';
import { releasePorts, reservePort } from './ports';

export type StackOptions = {
  infra: InfraContext;
  /** Which processes to run; by default the services and the gateway (no web apps). */
  processes?: string[];
  admin?: { email: string; password: string };
  extraEnv?: Partial<Record<ServiceName, Record<string, string>>>;
  logLevel?: string;
  /** Restart processes that exit by themselves, as `npm start` does; reports go to `report`. */
  restart?: RestartPolicyOptions & { report?: (line: string) => void };
  /** `source` (default) runs the TypeScript, so a test never meets a stale build; `production` the built JavaScript. */
  build?: ProductBuild;
};

export type Stack = {
  namespace: string;
  ports: ProductPorts;
  admin: { email: string; password: string };
  /** The stack's secrets, for tests that play an attacker who has them (or checks what they protect). */
  secrets: {
    signingKeyEncryptionKey: string;
    gatewaySecret: string;
    notificationsSecret: string;
    adminServiceSecret: string;
  };
  url: (name: keyof ProductPorts) => string;
  /** `${gateway}/api` */
  api: string;
  logDir: string;
  /**
   * Starts a process and waits until it is ready (its health path), or only until it listens
   * (`until: 'listening'`: its `/health`), for a process that is not meant to be ready yet.
   */
  start: (name: string, options?: { until?: 'ready' | 'listening' }) => Promise<void>;
  stop: (name: string) => Promise<void>;
  /** Sends a signal to one process (SIGKILL kills it; freeze and thaw are below). */
  signal: (name: string, signal: NodeJS.Signals) => void;
  /** Stops a process in place (SIGSTOP): it keeps its sockets open and answers nothing, like a hung process. */
  freeze: (name: string) => void;
  /** Lets a frozen process run again (SIGCONT). */
  thaw: (name: string) => void;
  /** The operating system's process id of a running process (benchmarks read its CPU and memory). */
  pid: (name: string) => number | undefined;
  /** How a process of the stack is started. */
  spec: (name: string) => ProcessSpec;
  /** Starts one more instance of a process, on a port of its own and sharing everything else; answers its URL. */
  startAnother: (name: string) => Promise<string>;
  close: () => Promise<void>;
};

export const backendProcesses = ['auth', 'profile', 'matching', 'admin', 'notifications', 'gateway'];
export const webProcesses = ['mfe-jobseeker', 'mfe-employer', 'mfe-admin', 'shell'];
const upstreamNames = ['auth', 'profile', 'matching', 'admin', 'notifications'];

/**
 * The gateway's `/ready` lists every service it cannot reach (as degraded) and what it still
 * reads. A stack may run only some of the services on purpose, so the gateway counts as ready
 * when the services it lacks are the only checks that fail.
 */
async function waitGatewayReady(url: string, absent: string[], timeoutMs = 120000) {
  let last = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(3000) });
      last = await answer.text();
      const { status, details = [] } = JSON.parse(last) as {
        status?: string;
        details?: Array<{ path: string }>;
      };
      if (answer.ok && status === 'ready') return;
      if (details.length > 0 && details.every((detail) => absent.includes(detail.path))) return;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the gateway did not become ready within ${timeoutMs / 1000} s: ${last}`);
}

/** Waits until a service's `/ready` says `ready`: not only serving, but every topic read and every consumer running. */
async function waitServiceReady(name: string, url: string, timeoutMs = 120000) {
  let last = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(3000) });
      last = await answer.text();
      if (answer.ok && (JSON.parse(last) as { status?: string }).status === 'ready') return;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not become ready within ${timeoutMs / 1000} s: ${last}`);
}

/**
 * Runs the product's real processes on free ports, against the test FerretDB and Kafka,
 * in a namespace of their own (databases and topics), so test files never see each
 * other's data. Every process can be stopped and started again.
 */
export async function startStack({
  infra,
  processes = backendProcesses,
  admin = { email: 'admin@meritmatch.test', password: 'admin-password-for-tests' },
  extraEnv,
  logLevel = 'warn',
  restart,
  build = 'source',
}: StackOptions): Promise<Stack> {
  const namespace = uniqueName('t');
  const secrets = {
    signingKeyEncryptionKey: randomBytes(32).toString('base64'),
    gatewaySecret: randomBytes(32).toString('base64url'),
    notificationsSecret: randomBytes(32).toString('base64url'),
    adminServiceSecret: randomBytes(32).toString('base64url'),
  };
  const ports = Object.fromEntries(
    await Promise.all(Object.keys(defaultPorts).map(async (key) => [key, await reservePort()])),
  ) as ProductPorts;
  const logDir = join(dataRoot, 'test', 'logs', namespace);
  const specs = new Map<string, ProcessSpec>(
    productProcesses({
      ports,
      mongoUrl: infra.mongoUrl,
      kafkaBrokers: infra.kafkaBrokers,
      smtpUrl: infra.smtpUrl,
      namespace,
      admin,
      logLevel,
      ...secrets,
      build,
      assetArchiveDir: join(logDir, 'web-assets'),
      // the stacks of tests make many accounts from one address: raised limits, unless a test sets its own
      extraEnv: { ...extraEnv, gateway: { RATE_LIMIT_MULTIPLIER: '1000', ...extraEnv?.gateway } },
    }).map((spec) => [spec.name, spec.name === 'gateway' ? { ...spec, healthPath: '/health' } : spec]),
  );
  const absentServices = upstreamNames.filter((name) => !processes.includes(name));
  const group = new ProcessGroup(
    logDir,
    restart
      ? { restart: new RestartPolicy(restart), ...(restart.report ? { report: restart.report } : {}) }
      : {},
  );
  const frozen = new Set<string>();
  const extraPorts: number[] = [];
  const stopAndRelease = async () => {
    await group.stopAll();
    await releasePorts([...Object.values(ports), ...extraPorts]);
  };
  const specOf = (name: string) => {
    const spec = specs.get(name);
    if (!spec) throw new Error(`no process named ${name}`);
    return spec;
  };
  const launch = (name: string) => {
    group.start(specOf(name));
  };
  const waitHealthy = async (name: string, until: 'ready' | 'listening' = 'ready') => {
    if (until === 'listening') return group.waitHealthy(name, 120000, '/health');
    await group.waitHealthy(name, 120000);
    if (name === 'gateway') await waitGatewayReady(`http://127.0.0.1:${ports.gateway}`, absentServices);
    // a service serves once its /ready is 200 ("degraded" included); a test starts once every
    // topic is read and every consumer runs, as users of a settled product would find it
    else if (upstreamNames.includes(name))
      await waitServiceReady(name, `http://127.0.0.1:${specOf(name).port}`);
  };
  const signal = (name: string, which: NodeJS.Signals) => {
    group.signal(name, which);
    if (which === 'SIGSTOP') frozen.add(name);
    else if (which === 'SIGCONT') frozen.delete(name);
  };
  // a frozen process cannot act on SIGTERM: it is let go first
  const thawIfFrozen = (name: string) => {
    if (frozen.has(name) && group.isRunning(name)) signal(name, 'SIGCONT');
    frozen.delete(name);
  };
  const start = async (name: string, options?: { until?: 'ready' | 'listening' }) => {
    launch(name);
    await waitHealthy(name, options?.until);
  };
  const stack: Stack = {
    namespace,
    ports,
    admin,
    secrets,
    url: (name) => `http://127.0.0.1:${ports[name]}`,
    api: `http://127.0.0.1:${ports.gateway}/api`,
    logDir,
    start,
    signal,
    stop: async (name) => {
      thawIfFrozen(name);
      await group.stop(name);
    },
    freeze: (name) => signal(name, 'SIGSTOP'),
    thaw: (name) => signal(name, 'SIGCONT'),
    spec: specOf,
    pid: (name) => group.pid(name),
    startAnother: async (name) => {
      const spec = specOf(name);
      const port = await reservePort();
      extraPorts.push(port);
      const copy = { ...spec, name: `${name}-${port}`, port, env: { ...spec.env, PORT: String(port) } };
      group.start(copy);
      await group.waitHealthy(copy.name, 120000);
      if (name === 'gateway') await waitGatewayReady(`http://127.0.0.1:${port}`, absentServices);
      return `http://127.0.0.1:${port}`;
    },
    close: async () => {
      for (const name of [...frozen]) thawIfFrozen(name);
      await stopAndRelease();
    },
  };
  try {
    // services first: the gateway is ready only once it reaches them
    const ordered = [...processes].sort((a, b) => Number(a === 'gateway') - Number(b === 'gateway'));
    for (const name of ordered) launch(name);
    await Promise.all(ordered.map((name) => waitHealthy(name)));
  } catch (error) {
    await stopAndRelease();
    throw error;
  }
  return stack;
}
