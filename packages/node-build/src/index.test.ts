import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNode, packageOf } from './index.mjs';

// inside the repository, so that the fixture resolves packages the way a workspace does
const fixtures = mkdtempSync(join(fileURLToPath(new URL('..', import.meta.url)), '.fixture-'));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

function workspace(name: string, source: string, dependencies: Record<string, string> = {}) {
  const dir = join(fixtures, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, type: 'module', dependencies }));
  writeFileSync(join(dir, 'src/index.ts'), source);
  return dir;
}

describe('buildNode', () => {
  it('bundles the workspace packages and leaves npm packages as imports', async () => {
    const dir = workspace(
      'bundles',
      "import { ZApiError } from '@meritmatch/contracts';\nimport { Hono } from 'hono';\nexport const x = [ZApiError, Hono];\n",
    );
    const result = await buildNode({ dir, entries: ['src/index.ts'] });
    expect(result.packages).toEqual(['hono', 'zod']);
    const output = readFileSync(join(dir, 'dist/index.js'), 'utf8');
    expect(output).toMatch(/from "hono"/);
    expect(output).not.toMatch(/@meritmatch\/contracts/);
  });

  it('fails, naming the package, when an import would not resolve at run time', async () => {
    const dir = workspace('missing', "import 'left-pad-not-installed';\n");
    await expect(buildNode({ dir, entries: ['src/index.ts'] })).rejects.toThrow(
      /not installed where dist\/ can find it: left-pad-not-installed/,
    );
  });

  it('fails when dist/ would load another version than the one the importing package pins', async () => {
    const hono = JSON.parse(readFileSync(join(fixtures, '../../../node_modules/hono/package.json'), 'utf8'));
    const pinned = workspace('pinned', "import { Hono } from 'hono';\nexport const x = Hono;\n", {
      hono: hono.version,
    });
    await expect(buildNode({ dir: pinned, entries: ['src/index.ts'] })).resolves.toMatchObject({
      packages: ['hono'],
    });
    const other = workspace('other-version', "import { Hono } from 'hono';\nexport const x = Hono;\n", {
      hono: '0.0.1',
    });
    await expect(buildNode({ dir: other, entries: ['src/index.ts'] })).rejects.toThrow(
      `another version than the one pinned: hono 0.0.1 (other-version) but finds ${hono.version}`,
    );
  });

  it('names the package of a deep import', () => {
    expect(packageOf('@hono/node-server/serve-static')).toBe('@hono/node-server');
    expect(packageOf('hono/cors')).toBe('hono');
  });
});
