import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInfra, stopInfra } from './infra';
import { assertPortFree } from './preflight';
import { defaultPorts, productProcesses } from './product';
import { type InfraProfile, profilePaths } from './profiles';
import { ProcessGroup } from './supervisor';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The admin of the embedded default: e-mail and a random password made once and kept under .data. */
export function localAdmin(profile: InfraProfile) {
  const file = join(profile.dir, 'admin-credentials.json');
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (email && password) return { email, password };
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
  const created = { email: 'admin@meritmatch.local', password: randomBytes(12).toString('base64url') };
  mkdirSync(profile.dir, { recursive: true });
  writeFileSync(file, JSON.stringify(created, null, 2), { mode: 0o600 });
  return created;
}

/** `npm start`: the infrastructure, every service, the gateway and the web apps, until Ctrl-C. */
export async function runProduct(
  profile: InfraProfile,
  { demo = false, watch = false }: { demo?: boolean; watch?: boolean } = {},
) {
  const ports = defaultPorts;
  for (const [name, port] of Object.entries(ports)) await assertPortFree(port, name, 'the other program');
  say('starting FerretDB and Kafka…');
  const infra = await ensureInfra(profile, say);
  const admin = localAdmin(profile);
  const group = new ProcessGroup(profilePaths(profile).logs);
  const processes = productProcesses({
    ports,
    mongoUrl: infra.mongoUrl,
    kafkaBrokers: infra.kafkaBrokers,
    admin,
    build: watch ? 'watch' : 'production',
    assetArchiveDir: join(profile.dir, 'web-assets'),
  });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('\nstopping…');
    await group.stopAll();
    await stopInfra(profile);
    say('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    say('starting the services, the gateway and the web apps…');
    for (const spec of processes) group.start(spec);
    await Promise.all(processes.map((spec) => group.waitHealthy(spec.name, 120000)));
  } catch (error) {
    process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await stop(1);
    return;
  }
  let demoLines: string[] = [];
  if (demo) {
    const { seedDemo, demoAccounts } = await import('./demo');
    const { password } = await seedDemo({
      api: `http://127.0.0.1:${ports.gateway}/api`,
      admin,
      dataDir: profile.dir,
      log: say,
    });
    demoLines = demoAccounts(password);
  }
  say('');
  say(`MeritMatch is running: http://localhost:${ports.shell}`);
  say(`  API gateway:        http://localhost:${ports.gateway}/api`);
  say(`  Sign in as admin:   ${admin.email} / ${admin.password}`);
  for (const line of demoLines) say(`  Demo ${line}`);
  say(`  Logs:               ${profilePaths(profile).logs}`);
  say('Press Ctrl-C to stop everything.');
}
