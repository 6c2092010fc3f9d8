import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (infra/src/paths.ts is two folders below it). */
export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Downloaded and built tools (FerretDB binary, Kafka jars). Ignored by git; safe to delete. */
export const cacheDir = resolve(process.env.MM_CACHE_DIR ?? join(repoRoot, '.cache'));

/** Databases, broker logs, process logs and pid files, one folder per profile. Ignored by git. */
export const dataRoot = resolve(process.env.MM_DATA_DIR ?? join(repoRoot, '.data'));

export const profileDir = (profile: string) => join(dataRoot, profile);
