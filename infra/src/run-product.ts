import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSecondFactorSecret } from './admin-second-factor';
import { ferretRunning, startFerretDB } from './ferretdb';
import { ensureInfra, stopInfra } from './infra';
import { kafkaRunning, startKafka } from './kafka';
import { mailpitRunning, startMailpit } from './mailpit';
import { assertPortFree } from './preflight';
import { defaultPorts, type ProductBuild, productProcesses } from './product';
import { type InfraProfile, profilePaths } from './profiles';
import { RestartPolicy } from './restart-policy';
import { ProcessGroup } from './supervisor';

const say = (line: string) => process.stdout.write(`${line}\n`);
const demoLimitMultiplier = '100';

/**
 * Keeps FerretDB, Kafka and Mailpit up while the product runs: they run as daemons, so they are
 * checked every two seconds and started again (with the same back-off and limit as the
 * services) when one is gone.
 */
function watchInfra(profile: InfraProfile, policy: RestartPolicy, report: (line: string) => void) {
  const daemons = [
    { name: 'FerretDB', running: () => ferretRunning(profile), start: () => startFerretDB(profile) },
    { name: 'Kafka', running: () => kafkaRunning(profile), start: () => startKafka(profile) },
    { name: 'Mailpit', running: () => mailpitRunning(profile), start: () => startMailpit(profile) },
  ];
  const givenUp = new Set<string>();
  const busy = new Set<string>();
  const timer = setInterval(() => {
    for (const daemon of daemons) {
      if (busy.has(daemon.name) || givenUp.has(daemon.name) || daemon.running()) continue;
      const next = policy.crashed(daemon.name);
      if (!next) {
        givenUp.add(daemon.name);
        report(
          `${daemon.name} stopped ${policy.maxRestarts + 1} times within ${policy.windowMs / 1000} s; not restarting it again`,
        );
        continue;
      }
      busy.add(daemon.name);
      report(
        `${daemon.name} is not running; starting it again in ${next.delayMs} ms (restart ${next.attempt})`,
      );
      setTimeout(() => {
        daemon
          .start()
          .then(
            () => report(`${daemon.name} is back`),
            (error: Error) => report(`${daemon.name} did not start: ${error.message}`),
          )
          .finally(() => busy.delete(daemon.name));
      }, next.delayMs);
    }
  }, 2000);
  return () => clearInterval(timer);
}

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

/**
 * The key-encryption key of the embedded default's signing keys: from the environment when set
 * (as operators do), else made once and kept under .data beside the database it protects, so a
 * restart can open the keys. (A copy of the data folder is a copy of both: fine for a laptop.)
 */
export function localKeyEncryptionKey(profile: InfraProfile) {
  if (process.env.SIGNING_KEY_ENCRYPTION_KEY) return process.env.SIGNING_KEY_ENCRYPTION_KEY;
  const file = join(profile.dir, 'signing-key-encryption-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const created = randomBytes(32).toString('base64');
  mkdirSync(profile.dir, { recursive: true });
  writeFileSync(file, `${created}\n`, { mode: 0o600 });
  return created;
}

/** `npm start`: the infrastructure, every service, the gateway and the web apps, until Ctrl-C. */
export async function runProduct(
  profile: InfraProfile,
  { demo = false, watch = false }: { demo?: boolean; watch?: boolean } = {},
) {
  const ports = defaultPorts;
  for (const [name, port] of Object.entries(ports)) await assertPortFree(port, name, 'the other program');
  say('starting FerretDB, Kafka and Mailpit…');
  const infra = await ensureInfra(profile, say);
  const admin = localAdmin(profile);
  const secondFactorSecret = localSecondFactorSecret(profile);
  const logs = profilePaths(profile).logs;
  mkdirSync(logs, { recursive: true });
  const report = (line: string) => {
    say(`[supervisor] ${line}`);
    appendFileSync(join(logs, 'supervisor.log'), `${new Date().toISOString()} ${line}\n`);
  };
  const policy = new RestartPolicy();
  const group = new ProcessGroup(logs, { restart: policy, report });
  let unwatchInfra = () => undefined as void;
  const options = {
    ports,
    mongoUrl: infra.mongoUrl,
    kafkaBrokers: infra.kafkaBrokers,
    smtpUrl: infra.smtpUrl,
    admin,
    adminSecondFactorSecret: secondFactorSecret,
    gatewaySecret: randomBytes(32).toString('base64url'),
    notificationsSecret: randomBytes(32).toString('base64url'),
    adminServiceSecret: randomBytes(32).toString('base64url'),
    signingKeyEncryptionKey: localKeyEncryptionKey(profile),
    build: (watch ? 'watch' : 'production') as ProductBuild,
    assetArchiveDir: join(profile.dir, 'web-assets'),
  };
  const processes = productProcesses({
    ...options,
    // the seeder makes 300 accounts from this machine: the gateway's limits are raised while it runs
    ...(demo ? { extraEnv: { gateway: { RATE_LIMIT_MULTIPLIER: demoLimitMultiplier } } } : {}),
  });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('\nstopping…');
    unwatchInfra();
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
    unwatchInfra = watchInfra(profile, policy, report);
  } catch (error) {
    process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await stop(1);
    return;
  }
  let demoLines: string[] = [];
  if (demo) {
    const { seedDemo, demoAccounts } = await import('./demo/index');
    const { password } = await seedDemo({
      api: `http://127.0.0.1:${ports.gateway}/api`,
      admin: { ...admin, secondFactorSecret },
      dataDir: profile.dir,
      inbox: infra.mailpitUrl,
      log: say,
    });
    demoLines = demoAccounts(password);
    say('restarting the gateway with its usual rate limits…');
    await group.stop('gateway');
    const gateway = productProcesses(options).find((spec) => spec.name === 'gateway')!;
    group.start(gateway);
    await group.waitHealthy('gateway', 120000);
  }
  say('');
  say(`MeritMatch is running: http://localhost:${ports.shell}`);
  say(`  API gateway:        http://localhost:${ports.gateway}/api`);
  say(
    `  E-mail inbox:       ${infra.mailpitUrl.replace('127.0.0.1', 'localhost')} (Mailpit: every e-mail the product sends)`,
  );
  say(`  Sign in as admin:   ${admin.email} / ${admin.password}`);
  say(`    then the code of:  npm run admin-code   (the admin's second factor; or add the key`);
  say(`                       ${secondFactorSecret} to an authenticator app)`);
  for (const line of demoLines) say(`  Demo ${line}`);
  say(`  Logs:               ${profilePaths(profile).logs}`);
  say('Press Ctrl-C to stop everything.');
}
