import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { repoRoot } from './paths';
import type { ProcessSpec } from './supervisor';

export type ProductPorts = {
  gateway: number;
  auth: number;
  profile: number;
  matching: number;
  admin: number;
  notifications: number;
  shell: number;
  jobseeker: number;
  employer: number;
  adminWeb: number;
};

export const defaultPorts: ProductPorts = {
  gateway: 4100,
  auth: 4101,
  profile: 4102,
  matching: 4103,
  admin: 4104,
  notifications: 4105,
  shell: 3000,
  jobseeker: 3001,
  employer: 3002,
  adminWeb: 3003,
};

export type ProductOptions = {
  ports: ProductPorts;
  mongoUrl: string;
  kafkaBrokers: string;
  /** Where the notifications service sends e-mail (Mailpit on the embedded default). */
  smtpUrl: string;
  /** Keeps several stacks on one FerretDB and one broker apart (tests). */
  namespace?: string;
  admin: { email: string; password: string };
  /** The admin's TOTP secret (base32): the auth service enrols the admin with it at start (the embedded default). */
  adminSecondFactorSecret?: string;
  logLevel?: string;
  extraEnv?: Partial<Record<ServiceName, Record<string, string>>>;
  /** Shared by the gateway and the services (`x-gateway-key`); a new random one by default. */
  gatewaySecret?: string;
  /** The notifications service's own secret for its service tokens; a new random one by default. */
  notificationsSecret?: string;
  /** The admin service's own secret for its service tokens (its contact log asks matching); random by default. */
  adminServiceSecret?: string;
  /** The auth service's key-encryption key (base64, 32 bytes); a stack of its own gets a random one. */
  signingKeyEncryptionKey?: string;
  /**
   * What runs: `production` the built JavaScript with plain node (npm start; build first),
   * `source` the TypeScript through tsx's loader (integration tests: no stale build),
   * `watch` the TypeScript, restarted on change (npm run dev).
   */
  build?: ProductBuild;
  /** Where each remote's server keeps earlier builds' hashed files (`<dir>/<remote>`), so open tabs survive a deploy. */
  assetArchiveDir?: string;
};

export type ProductBuild = 'production' | 'source' | 'watch';

export const serviceNames = ['auth', 'profile', 'matching', 'admin', 'notifications'] as const;
export type ServiceName = (typeof serviceNames)[number] | 'gateway';
export const webNames = ['shell', 'mfe-jobseeker', 'mfe-employer', 'mfe-admin'] as const;

const tsxCli = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const webServer = {
  production: ['--enable-source-maps', join(repoRoot, 'packages/web-server/dist/cli.js')],
  source: ['--import', 'tsx', join(repoRoot, 'packages/web-server/src/cli.ts')],
};

/** Node's arguments for a service's entry (`src/index.ts`, built to `dist/index.js`). */
export function serviceArgs(build: ProductBuild, entry = 'index') {
  if (build === 'production') return ['--enable-source-maps', `dist/${entry}.js`];
  if (build === 'watch') return [tsxCli, 'watch', '--clear-screen=false', `src/${entry}.ts`];
  return ['--import', 'tsx', `src/${entry}.ts`];
}

/** Node's arguments for the web server of a built app (`dist/`): the shell, or a remote with its archive. */
export function webServerArgs(
  build: ProductBuild,
  name: string,
  kind: 'shell' | 'remote',
  archiveDir?: string,
) {
  return [
    ...webServer[build === 'production' ? 'production' : 'source'],
    `--name=${name}`,
    '--root=dist',
    `--${kind}`,
    ...(archiveDir ? [`--archive=${archiveDir}`] : []),
  ];
}

/**
 * How a backend process's Node is sized in production (`npm run bench -- memory`):
 * two malloc arenas instead of one per thread (argon2's hashing threads otherwise each keep an
 * arena of memory in auth), and 2 MB semi-spaces for the young generation instead of 16 (less
 * memory held by every idle service). The images set the same (`docker/service.Dockerfile`).
 */
export const productionNodeEnv = { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=2' };

/**
 * Matching's young generation is sized for its start instead: rebuilding the index from the
 * `candidates` topic parses and drops a projection an event, and with 2 MB semi-spaces the
 * collector promotes much of that garbage and then marks it. Measured at a million candidates on
 * this machine: 59 s to ready with 2 MB, 48 s with 8 MB, 46 s with 16 MB; idle, 108, 119 and 135 MB
 * (decision 0027). The compose file sets the same for its container.
 */
export const matchingNodeEnv = { NODE_OPTIONS: '--max-semi-space-size=8' };

/** Every process of the product, wired to each other by environment variables. */
export function productProcesses(options: ProductOptions): ProcessSpec[] {
  const {
    ports,
    mongoUrl,
    kafkaBrokers,
    smtpUrl,
    namespace = '',
    admin,
    adminSecondFactorSecret,
    logLevel = 'info',
    extraEnv = {},
    gatewaySecret = randomBytes(32).toString('base64url'),
    notificationsSecret = randomBytes(32).toString('base64url'),
    adminServiceSecret = randomBytes(32).toString('base64url'),
    signingKeyEncryptionKey = randomBytes(32).toString('base64'),
    build = 'production',
    assetArchiveDir,
  } = options;
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const shared = {
    MONGO_URL: mongoUrl,
    KAFKA_BROKERS: kafkaBrokers,
    KAFKA_TOPIC_PREFIX: namespace ? `${namespace}.` : '',
    LOG_LEVEL: logLevel,
    NODE_ENV: 'production',
    ...(build === 'production' ? productionNodeEnv : {}),
    AUTH_URL: url(ports.auth),
    PROFILE_URL: url(ports.profile),
    MATCHING_URL: url(ports.matching),
    ADMIN_URL: url(ports.admin),
    NOTIFICATIONS_URL: url(ports.notifications),
    GATEWAY_SECRET: gatewaySecret,
  };
  const database = (service: string) => (namespace ? `${namespace}_${service}` : `meritmatch_${service}`);
  const service = (
    name: (typeof serviceNames)[number],
    port: number,
    env: Record<string, string> = {},
  ): ProcessSpec => ({
    name,
    cwd: join(repoRoot, 'services', name),
    args: serviceArgs(build),
    env: { ...shared, PORT: String(port), MONGO_DB: database(name), ...env, ...extraEnv[name] },
    port,
    healthPath: '/ready',
  });
  const web = (name: string, dir: string, port: number, env: Record<string, string> = {}): ProcessSpec => ({
    name,
    cwd: join(repoRoot, dir),
    args:
      name === 'shell'
        ? webServerArgs(build, name, 'shell')
        : webServerArgs(build, name, 'remote', assetArchiveDir && join(assetArchiveDir, name)),
    env: { PORT: String(port), ...env },
    port,
    healthPath: '/health',
  });
  const shellOrigins = [url(ports.shell), `http://localhost:${ports.shell}`];
  return [
    service('auth', ports.auth, {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...(adminSecondFactorSecret ? { ADMIN_SECOND_FACTOR_SECRET: adminSecondFactorSecret } : {}),
      SIGNING_KEY_ENCRYPTION_KEY: signingKeyEncryptionKey,
      SERVICE_ACCOUNTS: `notifications=${notificationsSecret},admin=${adminServiceSecret}`,
    }),
    service('profile', ports.profile),
    service('matching', ports.matching, build === 'production' ? matchingNodeEnv : {}),
    service('admin', ports.admin, { SERVICE_ACCOUNT_SECRET: adminServiceSecret }),
    service('notifications', ports.notifications, {
      SMTP_URL: smtpUrl,
      SERVICE_ACCOUNT_SECRET: notificationsSecret,
      // the links in e-mails (a password reset) open the shell
      APP_URL: url(ports.shell),
    }),
    {
      name: 'gateway',
      cwd: join(repoRoot, 'gateway'),
      args: serviceArgs(build),
      env: {
        ...shared,
        PORT: String(ports.gateway),
        MONGO_DB: database('gateway'),
        WEB_ORIGINS: shellOrigins.join(','),
        ...extraEnv.gateway,
      },
      port: ports.gateway,
      healthPath: '/ready',
    },
    web('mfe-jobseeker', 'mfe-jobseeker', ports.jobseeker),
    web('mfe-employer', 'mfe-employer', ports.employer),
    web('mfe-admin', 'mfe-admin', ports.adminWeb),
    web('shell', 'shells/web', ports.shell, {
      API_BASE_URL: `${url(ports.gateway)}/api`,
      MFE_JOBSEEKER_MANIFEST: `${url(ports.jobseeker)}/mf-manifest.json`,
      MFE_EMPLOYER_MANIFEST: `${url(ports.employer)}/mf-manifest.json`,
      MFE_ADMIN_MANIFEST: `${url(ports.adminWeb)}/mf-manifest.json`,
    }),
  ];
}
