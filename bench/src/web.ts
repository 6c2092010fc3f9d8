import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '@meritmatch/infra';
import { chromium } from 'playwright-core';
import { kb, printTable, saveResult } from './report';
import { chromiumFlags, chromiumPath, startShellServer } from './shell-server';
import { atMost, type BenchCase } from './suite/outcome';

const packages = [
  { name: 'shell', dir: 'shells/web' },
  { name: 'mfe-jobseeker', dir: 'mfe-jobseeker' },
  { name: 'mfe-employer', dir: 'mfe-employer' },
  { name: 'mfe-admin', dir: 'mfe-admin' },
];

/** The JavaScript a browser downloads to show `/`, gzip-compressed as the server sends it. */
async function shellInitialJs() {
  const shell = await startShellServer();
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(`${shell.url}/`, { waitUntil: 'networkidle' });
    const files = scripts.map((url) => {
      const path = new URL(url).pathname;
      return { path, gzip: gzipSync(readFileSync(join(repoRoot, 'shells/web/dist', path))).length };
    });
    await browser.close();
    return { files: files.length, gzip: files.reduce((sum, file) => sum + file.gzip, 0), list: files };
  } finally {
    await shell.stop();
  }
}

/** Build time of each web package and the size of what a browser loads first. */
export const webBench: BenchCase = async () => {
  const rows = [];
  const builds: Record<string, number> = {};
  for (const pkg of packages) {
    const started = performance.now();
    const result = spawnSync('npm', ['run', 'build'], { cwd: join(repoRoot, pkg.dir), encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${pkg.name} did not build: ${result.stderr}`);
    builds[pkg.name] = Math.round(performance.now() - started);
  }
  const initial = await shellInitialJs();
  rows.push({
    package: 'shell',
    'build ms': builds.shell!,
    measured: `initial JS on / (${initial.files} files)`,
    gzip: kb(initial.gzip),
  });
  for (const pkg of packages.slice(1)) {
    const entry = readFileSync(join(repoRoot, pkg.dir, 'dist/remoteEntry.js'));
    rows.push({
      package: pkg.name,
      'build ms': builds[pkg.name]!,
      measured: 'remoteEntry.js',
      gzip: kb(gzipSync(entry).length),
    });
  }
  printTable('Web packages: build time and first-load JavaScript (gzip)', rows);
  printTable(
    'What the shell loads for /',
    initial.list.sort((a, b) => b.gzip - a.gzip).map((file) => ({ file: file.path, gzip: kb(file.gzip) })),
  );
  process.stdout.write(
    `\nshell budget for / is ${kb(initialJsBudget)}: ${initial.gzip <= initialJsBudget ? 'within' : 'OVER'}\n`,
  );
  process.stdout.write(`saved ${saveResult('web', { builds, shellInitialGzip: initial.gzip, rows })}\n`);
  return [
    atMost(
      {
        case: 'first load: JavaScript for / (gzip)',
        size: `${initial.files} files`,
        figure: kb(initial.gzip),
        peer: `limit ${kb(initialJsBudget)}`,
      },
      initial.gzip,
      initialJsBudget,
      1,
    ),
  ];
};

/** The initial-load target: `/` loads at most 120 KB of gzip-compressed JavaScript. */
export const initialJsBudget = 120 * 1024;
