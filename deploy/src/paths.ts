import { join } from 'node:path';
import { repoRoot } from '@meritmatch/infra';

export const composeFile = join(repoRoot, 'docker-compose.yml');
export const standinsFile = join(repoRoot, 'compose.standins.yml');
export const envExample = join(repoRoot, '.env.example');
export const secretsScript = join(repoRoot, 'scripts/compose-secrets.sh');
