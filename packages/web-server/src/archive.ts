import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** How long a previous build's files stay available after it was replaced. */
export const archiveRetentionMs = 30 * 24 * 60 * 60 * 1000;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Copies the build's hashed files (`static/`) into the archive, keeping those of earlier
 * builds; a name carries its content hash, so an archived file never changes. Files no
 * build has shipped for `retentionMs` are removed: the archive stops growing.
 */
export function archiveAssets(
  root: string,
  archiveDir: string,
  now = Date.now(),
  retentionMs = archiveRetentionMs,
) {
  const current = new Set<string>();
  for (const file of filesUnder(join(root, 'static'))) {
    const path = relative(root, file);
    current.add(path);
    const target = join(archiveDir, path);
    mkdirSync(join(target, '..'), { recursive: true });
    if (!existsSync(target)) copyFileSync(file, target);
  }
  let removed = 0;
  for (const file of filesUnder(join(archiveDir, 'static'))) {
    if (current.has(relative(archiveDir, file))) continue;
    if (now - statSync(file).mtimeMs > retentionMs) {
      rmSync(file);
      removed++;
    }
  }
  return { archived: current.size, removed };
}
