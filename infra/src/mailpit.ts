import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive, pauseDaemon, readPid, startDaemon, stopDaemon } from './daemon';
import { withLock } from './lock';
import { cacheDir } from './paths';
import { assertPortFree, InfraError, requireCommand, waitForDaemon, waitUntil } from './preflight';
import { type InfraProfile, profilePaths } from './profiles';

export const mailpitVersion = 'v1.33.1';
const mailpitModule = 'github.com/axllent/mailpit';
const mailpitHome = join(cacheDir, 'mailpit');
export const mailpitBinary = join(mailpitHome, mailpitVersion, 'mailpit');

/**
 * Mailpit's web inbox is a Vue app its release tooling bundles into `server/ui/dist`, which the
 * Go module does not carry. Its lockfile pins `sass-embedded` 1.108.1, which the npm registry no
 * longer serves, and `rapidoc` (only for the API documentation page) ^12, which it does not serve
 * either; so the next patch of sass-embedded is pinned instead and the documentation page is left
 * out. Everything else installs as locked, with install scripts off.
 */
function buildWebInbox(source: string, log: (line: string) => void) {
  const manifestPath = join(source, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    dependencies: Record<string, string>;
    overrides?: Record<string, string>;
  };
  delete manifest.dependencies.rapidoc;
  manifest.overrides = { ...manifest.overrides, 'sass-embedded': '1.108.2' };
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  const configPath = join(source, 'esbuild.config.mjs');
  writeFileSync(configPath, readFileSync(configPath, 'utf8').replace(', "server/ui-src/docs.js"', ''));
  const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' };
  const install = spawnSync('npm', ['install', '--ignore-scripts', '--no-audit', '--loglevel=error'], {
    cwd: source,
    encoding: 'utf8',
    env,
  });
  const bundle =
    install.status === 0
      ? spawnSync('node', ['esbuild.config.mjs'], {
          cwd: source,
          encoding: 'utf8',
          env: { ...env, MINIFY: 'true' },
        })
      : install;
  if (bundle.status !== 0) {
    // the SMTP server and the API (what the tests read) work without it
    log(
      `Mailpit's web inbox could not be built (the API still works): ${(bundle.stderr || bundle.stdout).trim().split('\n')[0]}`,
    );
    return false;
  }
  return true;
}

/**
 * Builds Mailpit, a local SMTP server with an inbox (web and API), from the Go module proxy,
 * once, the way FerretDB is built: the module source is copied, its web inbox bundled with npm,
 * and the binary built from the copy (it needs Go 1.26, the module's `go` line).
 */
export async function installMailpit(log: (line: string) => void = () => undefined) {
  if (existsSync(mailpitBinary)) return mailpitBinary;
  requireCommand('go', ['version'], 'Mailpit is built from the Go module proxy; install Go 1.26 or newer');
  mkdirSync(mailpitHome, { recursive: true });
  return withLock(join(mailpitHome, '.lock'), async () => {
    if (existsSync(mailpitBinary)) return mailpitBinary;
    log(`building Mailpit ${mailpitVersion} from the Go module proxy (once; a few minutes)`);
    const env = { ...process.env, GOTOOLCHAIN: 'local', CGO_ENABLED: '0', GOFLAGS: '-mod=mod' };
    const download = spawnSync('go', ['mod', 'download', '-json', `${mailpitModule}@${mailpitVersion}`], {
      encoding: 'utf8',
      env,
    });
    if (download.status !== 0)
      throw new InfraError(`cannot download Mailpit: ${download.stderr || download.stdout}`);
    const { Dir } = JSON.parse(download.stdout) as { Dir: string };
    const source = join(mailpitHome, `src-${mailpitVersion}`);
    rmSync(source, { recursive: true, force: true });
    cpSync(Dir, source, { recursive: true });
    spawnSync('chmod', ['-R', 'u+w', source]);
    buildWebInbox(source, log);
    const build = spawnSync(
      'go',
      [
        'build',
        '-trimpath',
        '-ldflags',
        `-s -w -X ${mailpitModule}/config.Version=${mailpitVersion}`,
        '-o',
        mailpitBinary,
        '.',
      ],
      { cwd: source, encoding: 'utf8', env },
    );
    if (build.status !== 0) throw new InfraError(`cannot build Mailpit: ${build.stderr}`);
    rmSync(source, { recursive: true, force: true });
    return mailpitBinary;
  });
}

export const smtpUrlOf = (profile: InfraProfile) => `smtp://127.0.0.1:${profile.mailSmtpPort}`;
export const mailpitUrlOf = (profile: InfraProfile) => `http://127.0.0.1:${profile.mailHttpPort}`;

export async function pingMailpit(url: string, timeoutMs = 1000) {
  const answer = await fetch(`${url}/api/v1/info`, { signal: AbortSignal.timeout(timeoutMs) });
  if (!answer.ok) throw new Error(`Mailpit answered ${answer.status}`);
}

const pidFileOf = (profile: InfraProfile) => join(profilePaths(profile).run, 'mailpit.pid');

/** Starts Mailpit for the profile unless it already runs; resolves once its API answers. */
export async function startMailpit(profile: InfraProfile) {
  const binary = await installMailpit();
  const smtpUrl = smtpUrlOf(profile);
  const mailpitUrl = mailpitUrlOf(profile);
  const pidFile = pidFileOf(profile);
  if (isAlive(readPid(pidFile))) {
    await waitUntil(() => pingMailpit(mailpitUrl), 15000, `Mailpit on port ${profile.mailHttpPort}`);
    return { smtpUrl, mailpitUrl, started: false };
  }
  await assertPortFree(profile.mailSmtpPort, "Mailpit's SMTP server", 'MM_MAIL_SMTP_PORT');
  await assertPortFree(profile.mailHttpPort, "Mailpit's inbox", 'MM_MAIL_HTTP_PORT');
  const { mailData, logs } = profilePaths(profile);
  mkdirSync(mailData, { recursive: true });
  const logFile = join(logs, 'mailpit.log');
  const pid = startDaemon({
    command: binary,
    args: [
      `--smtp=127.0.0.1:${profile.mailSmtpPort}`,
      `--listen=127.0.0.1:${profile.mailHttpPort}`,
      `--database=${join(mailData, 'mailpit.db')}`,
      // nothing leaves the machine: no release check, no remote fonts or styles in the inbox
      '--disable-version-check',
      '--block-remote-css-and-fonts',
      '--max=5000',
      '--quiet',
    ],
    logFile,
    pidFile,
  });
  await waitForDaemon({
    pid,
    logFile,
    probe: () => pingMailpit(mailpitUrl),
    timeoutMs: 30000,
    what: `Mailpit on port ${profile.mailHttpPort}`,
  });
  return { smtpUrl, mailpitUrl, started: true };
}

export const stopMailpit = (profile: InfraProfile) => stopDaemon(pidFileOf(profile));
/** Freezes or thaws the mail server (fault tests). */
export const pauseMailpit = (profile: InfraProfile, paused: boolean) =>
  pauseDaemon(pidFileOf(profile), paused);
export const mailpitRunning = (profile: InfraProfile) => isAlive(readPid(pidFileOf(profile)));
