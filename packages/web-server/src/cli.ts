import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { inlineHashes, shellContentSecurityPolicy } from './csp';
import { EnvError, parseWebServerEnv, shellConfigOf, type WebServerEnv } from './env';
import { startWebServer } from './index';

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
  },
});

if (!values.name || !values.root || values.shell === values.remote) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

let env: WebServerEnv;
try {
  env = parseWebServerEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  process.stderr.write(`invalid environment: ${error.message}\n`);
  process.exit(1);
}

const archive = values.archive ?? env.ASSETS_ARCHIVE_DIR;

await startWebServer({
  name: values.name,
  root: resolve(values.root),
  host: env.HOST,
  port: env.PORT,
  ...(values.shell
    ? {
        spa: true,
        runtimeConfig: shellConfigOf(env),
        contentSecurityPolicy: shellContentSecurityPolicy(
          shellConfigOf(env),
          inlineHashes(resolve(values.root)),
        ),
      }
    : { crossOrigin: true }),
  ...(archive ? { archiveDir: resolve(archive) } : {}),
});
