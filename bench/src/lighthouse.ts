import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { repoRoot } from '@meritmatch/infra';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { printTable, saveResult } from './report';
import { chromiumFlags, chromiumPath, startShellServer } from './shell-server';
import { atLeast, atMost, type BenchCase, type Outcome } from './suite/outcome';

const shellDist = join(repoRoot, 'shells/web/dist');
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
};

/**
 * The limit of the public pages' first target: the landing page's own prerendered HTML and
 * stylesheet with every script taken out, a static page with the same hero.
 */
async function staticHeroServer() {
  const html = readFileSync(join(shellDist, 'index.html'), 'utf8').replace(
    /<script\b[^>]*>.*?<\/script>/gs,
    '',
  );
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname);
    const file = join(shellDist, path);
    if (path === '/' || !file.startsWith(shellDist) || !existsSync(file)) {
      response.writeHead(200, { 'content-type': contentTypes['.html']! }).end(html);
      return;
    }
    response
      .writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

export type Score = {
  page: string;
  performance: number;
  /** Only when asked for (`bestPractices: true`). */
  bestPractices?: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

export type AuditOptions = {
  /** Best practices scored as well as performance. */
  bestPractices?: boolean;
  /** The browser's storage kept as it is (a session put in localStorage before the run). */
  keepStorage?: boolean;
  /** Where Lighthouse's whole report goes, to read what it named (not committed). */
  reportFile?: string;
};

/** Lighthouse's own failures a second run may not meet (the page did not paint within its wait on a busy machine). */
const auditAttempts = 3;

/**
 * Lighthouse's mobile run (its default: slow 4G and a 4x slower CPU, simulated), performance
 * only. A run Lighthouse itself calls failed (`runtimeError`, no scores) is made again, and
 * said; one that fails every time is an error, never a score of 0.
 */
export async function audit(
  page: string,
  url: string,
  port: number,
  options: AuditOptions = {},
): Promise<Score> {
  let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'] | undefined;
  for (let attempt = 1; attempt <= auditAttempts; attempt++) {
    const result = await lighthouse(url, {
      port,
      onlyCategories: options.bestPractices ? ['performance', 'best-practices'] : ['performance'],
      disableStorageReset: options.keepStorage ?? false,
      logLevel: 'error',
      output: 'json',
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    process.stdout.write(
      `Lighthouse run ${attempt} of ${page} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}\n`,
    );
  }
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url} ${auditAttempts} times`);
  if (options.reportFile) writeFileSync(options.reportFile, JSON.stringify(lhr));
  const { categories, audits } = lhr;
  return {
    page,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    ...(options.bestPractices
      ? { bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100) }
      : {}),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

/**
 * The landing pages' target: Lighthouse mobile on `/`, `/login` and `/register` of the built shell
 * (prerendered pages, as `npm start` serves them), beside a static page with the same hero.
 * Needs the shell built (`npm run build`; the web case builds it) and Debian's chromium.
 */
export const lighthouseBench: BenchCase = async () => {
  if (!existsSync(join(shellDist, 'index.html'))) throw new Error('build the shell first: npm run build');
  // chrome-launcher's spawn of a missing browser is an unhandled error that ends the whole suite
  if (!existsSync(chromiumPath()))
    throw new Error(`no browser at ${chromiumPath()}: apt-get install -y chromium, or set CHROME_PATH`);
  const shell = await startShellServer();
  const limit = await staticHeroServer();
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumFlags });
  const scores: Score[] = [];
  try {
    scores.push(await audit('static hero page (limit)', limit.url, chrome.port));
    for (const page of ['/', '/login', '/register'])
      scores.push(await audit(page, `${shell.url}${page}`, chrome.port));
  } finally {
    await chrome.kill();
    limit.close();
    await shell.stop();
  }
  printTable(
    'Lighthouse, mobile (simulated slow 4G, 4x CPU slowdown)',
    scores.map((score) => ({
      page: score.page,
      performance: score.performance,
      'LCP ms': Math.round(score.lcpMs),
      'TBT ms': Math.round(score.tbtMs),
      CLS: score.cls.toFixed(3),
    })),
  );
  process.stdout.write(`saved ${saveResult('lighthouse', { scores })}\n`);
  const [hero, ...pages] = scores as [Score, ...Score[]];
  return pages.flatMap((score): Outcome[] => [
    atLeast(
      {
        case: `Lighthouse mobile performance: ${score.page}`,
        size: 'one page',
        figure: String(score.performance),
        peer: `target 95 (static hero page ${hero.performance})`,
      },
      score.performance,
      95,
      1,
    ),
    atMost(
      {
        case: `Lighthouse LCP: ${score.page}`,
        size: 'one page',
        figure: `${Math.round(score.lcpMs)} ms`,
        peer: `limit 1800 ms (static hero page ${Math.round(hero.lcpMs)} ms)`,
      },
      score.lcpMs,
      1800,
      1,
    ),
    atMost(
      {
        case: `Lighthouse TBT: ${score.page}`,
        size: 'one page',
        figure: `${Math.round(score.tbtMs)} ms`,
        peer: `limit 150 ms (static hero page ${Math.round(hero.tbtMs)} ms)`,
      },
      score.tbtMs,
      150,
      1,
    ),
    atMost(
      {
        case: `Lighthouse CLS: ${score.page}`,
        size: 'one page',
        figure: score.cls.toFixed(3),
        peer: `limit 0.05 (static hero page ${hero.cls.toFixed(3)})`,
      },
      score.cls,
      0.05,
      1,
    ),
  ]);
};
