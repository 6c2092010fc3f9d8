// npm run compose:check: .env and the secrets against every process's env schema, before
// `docker compose up` (a bad value would otherwise only show as a restarting container).
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { repoRoot } from '@meritmatch/infra';
import { loadCompose, parseEnvFile } from './compose-file';
import { checkProcesses } from './env-check';
import { composeFile } from './paths';

const envFile = join(repoRoot, '.env');
const say = (line: string) => process.stdout.write(`${line}\n`);
const variables = {
  ...(existsSync(envFile) ? parseEnvFile(readFileSync(envFile, 'utf8')) : {}),
  ...process.env,
};
let failed = false;
try {
  const compose = loadCompose([composeFile], variables);
  for (const [name, secret] of Object.entries(compose.secrets ?? {})) {
    const path = isAbsolute(secret.file) ? secret.file : join(repoRoot, secret.file);
    if (!existsSync(path)) {
      say(`secret ${name}: ${path} is missing (scripts/compose-secrets.sh makes it)`);
      failed = true;
    }
  }
  if (!failed) {
    for (const { service, problem } of checkProcesses(compose, repoRoot)) {
      say(problem ? `${service}: ${problem}` : `${service}: ok`);
      failed ||= problem !== undefined;
    }
  }
} catch (error) {
  say(`docker-compose.yml: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
