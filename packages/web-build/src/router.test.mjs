import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as sharedRouter from './router.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// what the shell and the remotes build into the browser (tests render with the whole router)
const builtSources = [
  'shells/web/src',
  'mfe-jobseeker/src',
  'mfe-employer/src',
  'mfe-admin/src',
  'packages/ui/src',
  'packages/web-kit/src',
  'packages/web-session/src',
];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

describe('the shared router', () => {
  it('exports every name the web apps import from react-router-dom', () => {
    const imported = new Map();
    for (const dir of builtSources) {
      for (const file of sourceFiles(join(repoRoot, dir))) {
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'react-router-dom'/g)) {
          if (match[1]) continue;
          for (const part of match[2].split(',')) {
            const name = part.trim();
            if (name && !name.startsWith('type ')) imported.set(name.split(/\s+as\s+/)[0], file);
          }
        }
      }
    }
    expect(imported.size).toBeGreaterThan(5);
    const missing = [...imported]
      .filter(([name]) => !(name in sharedRouter))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
