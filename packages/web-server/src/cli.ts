import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { shellContentSecurityPolicy } from './csp';
import { portFromEnv, startWebServer } from './index';

const usage = `usage: meritmatch-web-server --name <name> --root <dist folder> (--shell | --remote) [--archive <folder>]
  --shell    single-page app; answers /config.json from API_BASE_URL and MFE_<AREA>_MANIFEST
  --remote   a Module Federation remote, loadable from any origin
  --archive  keep hashed files of earlier builds here (also ASSETS_ARCHIVE_DIR)
  PORT and HOST from the environment`;

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    root: { type: 'string' },
    shell: { type: 'boolean', default: false },
    remote: { type: 'boolean', default: false },
    archive: { type: 'string' },
    port: { type: 'string' },
  },
});

if (!values.name || !values.root || values.shell === values.remote) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

const env = (name: string, fallback: string) => process.env[name] || fallback;
const archive = values.archive ?? process.env.ASSETS_ARCHIVE_DIR;

/**
 * The shell's runtime configuration. The defaults are paths on the shell's own origin,
 * which is how the reverse proxy of the compose path serves everything.
 */
const shellConfig = () => ({
  apiBaseUrl: env('API_BASE_URL', '/api'),
  remotes: {
    jobseeker: env('MFE_JOBSEEKER_MANIFEST', '/mfe/jobseeker/mf-manifest.json'),
    employer: env('MFE_EMPLOYER_MANIFEST', '/mfe/employer/mf-manifest.json'),
    admin: env('MFE_ADMIN_MANIFEST', '/mfe/admin/mf-manifest.json'),
  },
});

await startWebServer({
  name: values.name,
  root: resolve(values.root),
  port: values.port ? Number(values.port) : portFromEnv(3000),
  ...(values.shell
    ? {
        spa: true,
        runtimeConfig: shellConfig(),
        contentSecurityPolicy: shellContentSecurityPolicy(shellConfig()),
      }
    : { crossOrigin: true }),
  ...(archive ? { archiveDir: resolve(archive) } : {}),
});
