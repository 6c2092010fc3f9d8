import { execFile, spawn, spawnSync } from 'node:child_process';
import { composeFile, standinsFile } from '../paths';

const say = (line: string) => process.stdout.write(`[compose-smoke] ${line}\n`);

export type ComposeProject = { name: string; envFile: string };

/** docker-compose with the stand-ins override, streaming its output into the log; rejects on failure. */
export function compose(
  project: ComposeProject,
  args: string[],
  env: Record<string, string> = {},
): Promise<void> {
  const child = spawn(
    'docker-compose',
    ['-p', project.name, '--env-file', project.envFile, '-f', composeFile, '-f', standinsFile, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`docker-compose ${args.join(' ')} failed (${code}):\n${output.slice(-4000)}`));
    });
  });
}

const podman = (args: string[]) => {
  const result = spawnSync('podman', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`podman ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};

export type Container = { id: string; service: string; image: string; state: string; health: string };

export function containers(project: ComposeProject): Container[] {
  const rows = JSON.parse(
    podman(['ps', '-a', '--filter', `label=com.docker.compose.project=${project.name}`, '--format', 'json']),
  ) as Array<{ Id: string; Image: string; State: string; Status: string; Labels: Record<string, string> }>;
  return rows
    .map((row) => ({
      id: row.Id,
      service: row.Labels['com.docker.compose.service'] ?? '?',
      image: row.Image,
      state: row.State,
      health: /\((healthy|unhealthy|starting)\)/.exec(row.Status)?.[1] ?? 'none',
    }))
    .sort((a, b) => a.service.localeCompare(b.service));
}

/**
 * Podman runs health checks from systemd timers; without systemd (containers like this
 * machine, CI) nobody runs them, and `depends_on: service_healthy` would wait forever. So
 * the smoke test runs each container's check itself every few seconds, as the timers would:
 * all at once and without blocking, so one slow check (Kafka's is a JVM tool) holds up no
 * other container's.
 */
export function runHealthChecks(project: ComposeProject, everyMs = 3000) {
  let stopped = false;
  const check = (id: string) =>
    new Promise<void>((resolve) => {
      execFile('podman', ['healthcheck', 'run', id], { timeout: 60000 }, () => resolve());
    });
  const tick = async () => {
    while (!stopped) {
      try {
        const running = containers(project).filter((container) => container.state === 'running');
        await Promise.all(running.map((container) => check(container.id)));
      } catch (error) {
        // podman ps can fail while a container is being removed: the next round lists again
        say(`health checks: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  void tick();
  return () => {
    stopped = true;
  };
}

/** The names the processes look up on the project's network: the infrastructure and the services. */
const lookedUpNames = ['mongo', 'kafka', 'auth', 'profile', 'matching', 'admin'];

/** A container's address on the project's network. */
const addressOf = (id: string) =>
  podmanSays(['inspect', id, '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}'])
    .out.trim()
    .split(' ')[0] ?? '';

/**
 * What each of `names` resolves to inside the container (getent: libc's resolver, in every Debian
 * image), in one exec; a name missing from the answer does not resolve.
 */
const resolvedFrom = (id: string, names: string[]) => {
  const script =
    'for name in "$@"; do echo "$name $(getent ahostsv4 "$name" | head -n 1 | cut -d " " -f 1)"; done';
  const answer = spawnSync('podman', ['exec', id, 'sh', '-c', script, 'sh', ...names], {
    encoding: 'utf8',
    timeout: 20000,
  });
  const found = new Map<string, string>();
  for (const line of (answer.stdout ?? '').split('\n')) {
    const [name, address] = line.trim().split(' ');
    if (name && address) found.set(name, address);
  }
  return found;
};

/**
 * The names that do not resolve, or resolve to an address other than their container's, asked
 * from `asker`: "auth -> 10.89.0.7 (its container: 10.89.0.9)".
 */
export function wrongNames(project: ComposeProject, asker: Container) {
  const running = containers(project).filter((container) => container.state === 'running');
  const expected = lookedUpNames
    .map((name) => ({ name, container: running.find((container) => container.service === name) }))
    .filter((entry): entry is { name: string; container: Container } => entry.container !== undefined)
    .map(({ name, container }) => ({ name, address: addressOf(container.id) }));
  if (expected.length === 0) return [];
  const found = resolvedFrom(
    asker.id,
    expected.map((entry) => entry.name),
  );
  return expected
    .filter((entry) => found.get(entry.name) !== entry.address)
    .map(
      (entry) => `${entry.name} -> ${found.get(entry.name) ?? 'nothing'} (its container: ${entry.address})`,
    );
}

/**
 * Keeps the project network's DNS answering, and answering right. Podman 4.3 (netavark and
 * aardvark-dns 1.4, Debian 12) serves container names from one aardvark-dns process, started by
 * the first container's network set-up. In two runs of `.ci/run` it was gone after kafka and
 * mongo were recreated, and nothing started it again: every service then failed to find mongo
 * and kafka and restarted over and over. A container restarted may also come back on another
 * address. So every name a process looks up is compared with its container's address; when one
 * is missing or wrong, setting up one container's network again restarts the DNS with every
 * container's name (`podman network reload`, as the README tells operators). Asks from a
 * container that needs none of the others (the proxy, on Debian like every image here, else any
 * running one); says when it had to restart the DNS, and why.
 */
export async function keepNetworkDns(project: ComposeProject) {
  const running = containers(project).filter((container) => container.state === 'running');
  const asker = running.find((container) => container.service === 'proxy') ?? running[0];
  if (!asker) return 'nothing to ask';
  if (wrongNames(project, asker).length === 0) return 'answering';
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const wrong = wrongNames(project, asker);
  if (wrong.length === 0) return 'answering';
  say(
    `the network's DNS answers wrongly (${wrong.join('; ')}; aardvark-dns ${aardvarkState()}): podman network reload ${asker.service}`,
  );
  podmanSays(['network', 'reload', asker.id]);
  const still = wrongNames(project, asker);
  say(
    still.length === 0
      ? "the network's DNS answers again"
      : `the network's DNS still answers wrongly: ${still.join('; ')}`,
  );
  return still.length === 0 ? 'restarted' : 'not answering';
}

const aardvarkState = () => {
  const pids = spawnSync('pgrep', ['-x', 'aardvark-dns'], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean)
    .filter(
      (pid) => !/^Z/.test(spawnSync('ps', ['-o', 'stat=', '-p', pid], { encoding: 'utf8' }).stdout.trim()),
    );
  return pids.length > 0 ? `running (pid ${pids.join(', ')})` : 'NOT running';
};

/**
 * Waits until every one of `services` is healthy, checking the network's DNS every 10 s on the
 * way (`keepNetworkDns`): a service cannot get healthy without it.
 */
export async function waitHealthy(project: ComposeProject, services: string[], timeoutMs = 300000) {
  const deadline = Date.now() + timeoutMs;
  let dnsCheckedAt = 0;
  for (;;) {
    if (Date.now() - dnsCheckedAt >= 10000) {
      await keepNetworkDns(project);
      dnsCheckedAt = Date.now();
    }
    const current = containers(project);
    const pending = services.filter(
      (service) => current.find((container) => container.service === service)?.health !== 'healthy',
    );
    if (pending.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `not healthy after ${timeoutMs / 1000} s: ${pending.join(', ')}\n${current.map((c) => `${c.service}: ${c.state} ${c.health}`).join('\n')}\n${diagnose(project, pending)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

export const imageSize = (image: string) =>
  Number(podman(['image', 'inspect', image, '--format', '{{.Size}}']));

/** podman's output, or whatever it printed when it failed: a diagnosis goes on past a failure */
const podmanSays = (args: string[], timeout = 20000) => {
  const result = spawnSync('podman', args, { encoding: 'utf8', timeout });
  return { out: result.stdout ?? '', err: result.stderr ?? '' };
};

/** podman's own complaints about the missing systemd, which it mixes into every container's log */
const podmanNoise = /level=error msg="(Removing timer|unable to get systemd)/;

/**
 * What an operator would look at when containers do not become healthy: for each of them its
 * restarts, its last health checks (the node services' checks print why they are not ready)
 * and its last log lines; and whether the network's DNS (aardvark-dns) still answers, which
 * every service needs to find mongo and kafka again after they were recreated.
 */
export function diagnose(project: ComposeProject, services: string[]) {
  const lines: string[] = [];
  lines.push(`aardvark-dns: ${aardvarkState()}`);
  const all = containers(project);
  const resolver = all.find((container) => container.service === 'gateway' && container.state === 'running');
  if (resolver) {
    for (const name of ['mongo', 'kafka']) {
      const looked = podmanSays([
        'exec',
        resolver.id,
        'node',
        '-e',
        `require('node:dns').promises.lookup('${name}').then((a)=>console.log(a.address),(e)=>console.log(e.code))`,
      ]);
      const target = all.find((container) => container.service === name);
      const address = target
        ? podmanSays([
            'inspect',
            target.id,
            '--format',
            '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}',
          ]).out.trim()
        : 'no container';
      lines.push(
        `${name} from the gateway's container: ${(looked.out || looked.err).trim()} (its container: ${address})`,
      );
    }
  }
  for (const service of services) {
    const container = all.find((entry) => entry.service === service);
    if (!container) {
      lines.push(`${service}: no container`);
      continue;
    }
    const [inspected] = JSON.parse(podmanSays(['inspect', container.id]).out || '[]') as Array<{
      RestartCount?: number;
      State?: {
        StartedAt?: string;
        Health?: { Log?: Array<{ Start: string; ExitCode: number; Output: string }> };
      };
    }>;
    lines.push(
      `${service}: ${container.state} ${container.health}, ${inspected?.RestartCount ?? '?'} restarts, started ${inspected?.State?.StartedAt ?? '?'}`,
    );
    for (const entry of inspected?.State?.Health?.Log?.slice(-3) ?? []) {
      lines.push(`  check ${entry.Start}: exit ${entry.ExitCode} ${entry.Output.trim().slice(0, 400)}`);
    }
    const logs = podmanSays(['logs', '--tail', '60', container.id]);
    const tail = `${logs.out}\n${logs.err}`
      .split('\n')
      .filter((line) => line.trim() !== '' && !podmanNoise.test(line))
      .slice(-12);
    for (const line of tail) lines.push(`  | ${line.slice(0, 400)}`);
  }
  return lines.join('\n');
}

export function removeImages(prefix: string) {
  const images = podman(['images', '--format', '{{.Repository}}:{{.Tag}}']).split('\n');
  const ours = images.filter((image) => image.startsWith(prefix));
  if (ours.length > 0) spawnSync('podman', ['rmi', '--force', ...ours], { encoding: 'utf8' });
  say(`removed ${ours.length} images`);
  return ours;
}

export { say };
