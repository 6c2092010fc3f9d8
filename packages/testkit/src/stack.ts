import { join } from 'node:path';
import {
  dataRoot,
  defaultPorts,
  ProcessGroup,
  type ProcessSpec,
  type ProductBuild,
  type ProductPorts,
  productProcesses,
  type ServiceName,
} from '@meritmatch/infra';
import getPort from 'get-port';
import type { InfraContext } from './context';
import { uniqueName } from './names';

export type StackOptions = {
  infra: InfraContext;
  /** Which processes to run; by default the services and the gateway (no web apps). */
  processes?: string[];
  admin?: { email: string; password: string };
  extraEnv?: Partial<Record<ServiceName, Record<string, string>>>;
  logLevel?: string;
  /** `source` (default) runs the TypeScript, so a test never meets a stale build; `production` the built JavaScript. */
  build?: ProductBuild;
};

export type Stack = {
  namespace: string;
  ports: ProductPorts;
  admin: { email: string; password: string };
  url: (name: keyof ProductPorts) => string;
  /** `${gateway}/api` */
  api: string;
  logDir: string;
  start: (name: string) => Promise<void>;
  stop: (name: string) => Promise<void>;
  close: () => Promise<void>;
};

export const backendProcesses = ['auth', 'profile', 'matching', 'admin', 'gateway'];
export const webProcesses = ['mfe-jobseeker', 'mfe-employer', 'mfe-admin', 'shell'];

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
  build = 'source',
}: StackOptions): Promise<Stack> {
  const namespace = uniqueName('t');
  const ports = Object.fromEntries(
    await Promise.all(Object.keys(defaultPorts).map(async (key) => [key, await getPort()])),
  ) as ProductPorts;
  const logDir = join(dataRoot, 'test', 'logs', namespace);
  const specs = new Map<string, ProcessSpec>(
    productProcesses({
      ports,
      mongoUrl: infra.mongoUrl,
      kafkaBrokers: infra.kafkaBrokers,
      namespace,
      admin,
      logLevel,
      build,
      assetArchiveDir: join(logDir, 'web-assets'),
      ...(extraEnv ? { extraEnv } : {}),
    }).map((spec) => [spec.name, spec]),
  );
  const group = new ProcessGroup(logDir);
  const start = async (name: string) => {
    const spec = specs.get(name);
    if (!spec) throw new Error(`no process named ${name}`);
    group.start(spec);
    await group.waitHealthy(name, 120000);
  };
  const stack: Stack = {
    namespace,
    ports,
    admin,
    url: (name) => `http://127.0.0.1:${ports[name]}`,
    api: `http://127.0.0.1:${ports.gateway}/api`,
    logDir,
    start,
    stop: (name) => group.stop(name),
    close: () => group.stopAll(),
  };
  try {
    // services first: the gateway's readiness does not depend on them, but tests do
    const ordered = [...processes].sort((a, b) => Number(a === 'gateway') - Number(b === 'gateway'));
    for (const name of ordered) group.start(specs.get(name)!);
    await Promise.all(ordered.map((name) => group.waitHealthy(name, 120000)));
  } catch (error) {
    await group.stopAll();
    throw error;
  }
  return stack;
}
