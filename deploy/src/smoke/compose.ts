import { spawn, spawnSync } from 'node:child_process';
import { composeFile, standinsFile } from '../paths';

const say = (line: string) => process.stdout.write(`[compose-smoke] ${line}\n`);

export type ComposeProject = { name: string; envFile: string };

/** docker-compose with the stand-ins override, streaming its output into the log; rejects on failure. */
export function compose(project: ComposeProject, args: string[]): Promise<void> {
  const child = spawn(
    'docker-compose',
    ['-p', project.name, '--env-file', project.envFile, '-f', composeFile, '-f', standinsFile, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
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
 * the smoke test runs each container's check itself every few seconds, as the timers would.
 */
export function runHealthChecks(project: ComposeProject, everyMs = 3000) {
  let stopped = false;
  const tick = async () => {
    while (!stopped) {
      for (const container of containers(project)) {
        if (container.state === 'running') spawnSync('podman', ['healthcheck', 'run', container.id]);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  void tick();
  return () => {
    stopped = true;
  };
}

export async function waitHealthy(project: ComposeProject, services: string[], timeoutMs = 300000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = containers(project);
    const pending = services.filter(
      (service) => current.find((container) => container.service === service)?.health !== 'healthy',
    );
    if (pending.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `not healthy after ${timeoutMs / 1000} s: ${pending.join(', ')}\n${current.map((c) => `${c.service}: ${c.state} ${c.health}`).join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

export const imageSize = (image: string) =>
  Number(podman(['image', 'inspect', image, '--format', '{{.Size}}']));

export function logsOf(project: ComposeProject, service: string) {
  const container = containers(project).find((entry) => entry.service === service);
  return container
    ? spawnSync('podman', ['logs', '--tail', '40', container.id], { encoding: 'utf8' }).stderr
    : '';
}

export function removeImages(prefix: string) {
  const images = podman(['images', '--format', '{{.Repository}}:{{.Tag}}']).split('\n');
  const ours = images.filter((image) => image.startsWith(prefix));
  if (ours.length > 0) spawnSync('podman', ['rmi', '--force', ...ours], { encoding: 'utf8' });
  say(`removed ${ours.length} images`);
  return ours;
}

export { say };
