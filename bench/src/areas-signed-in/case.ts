import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ProcessGroup } from '@meritmatch/infra';
import { backendProcesses, type Stack, startStack, webProcesses } from '@meritmatch/testkit';
import * as chromeLauncher from 'chrome-launcher';
import getPort from 'get-port';
import { type Browser, chromium } from 'playwright-core';
import { audit, type Score } from '../lighthouse';
import { percentile, printTable, resultsDir, saveResult } from '../report';
import { chromiumFlags, chromiumPath } from '../shell-server';
import { atLeast, atMost, type BenchCase, type Outcome } from '../suite/outcome';
import { benchInfra, ms, productionBuild } from '../support';
import { firstLoadScripts, putSessionInto, type ScriptBytes } from './browser';
import { approveTimes, interactionLimitMs, menuPageTimes, searchTimes, skillTimes } from './interactions';
import { startOneOrigin } from './one-origin';
import { type Screen, type StoredSession, screens, seedPendingRequests, seedPeople } from './screens';

/** The targets of the signed-in screens' speed for each screen (Lighthouse mobile) and each area's first load. */
export const targets = {
  performance: 95,
  bestPractices: 100,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.05,
  firstLoadKb: 150,
};

export type Path = { name: string; origin: string };
type Measured = { path: string; screen: Screen; score: Score; scripts: ScriptBytes };

const reportsDir = join(resultsDir, 'logs', 'lighthouse');
const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

/** Lighthouse on one screen, signed in: a fresh browser (nothing cached), the session put in first. */
export async function auditSignedIn(path: Path, screen: Screen, session: StoredSession): Promise<Score> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumFlags });
  try {
    await putSessionInto(chrome.port, path.origin, session);
    return await audit(screen.path, `${path.origin}${screen.path}`, chrome.port, {
      bestPractices: true,
      keepStorage: true,
      reportFile: join(reportsDir, `${slug(path.name)}${slug(screen.path)}.json`),
    });
  } finally {
    await chrome.kill();
  }
}

/**
 * The one public origin of the compose path: a second shell server told that the API and the
 * remotes are paths of its own origin, behind a proxy shaped like docker/proxy/nginx.conf; the
 * gateway is told of that origin.
 */
async function oneOriginPath(stack: Stack, group: ProcessGroup) {
  const shellPort = await getPort();
  const proxy = await startOneOrigin({
    shell: `http://127.0.0.1:${shellPort}`,
    gateway: stack.url('gateway'),
    remotes: {
      jobseeker: stack.url('jobseeker'),
      employer: stack.url('employer'),
      admin: stack.url('adminWeb'),
    },
  });
  await stack.stop('gateway');
  const gateway = stack.spec('gateway');
  gateway.env.WEB_ORIGINS = `${stack.url('shell')},${proxy.url}`;
  await stack.start('gateway');
  const shell = stack.spec('shell');
  group.start({
    ...shell,
    name: 'shell-one-origin',
    env: {
      ...shell.env,
      PORT: String(shellPort),
      API_BASE_URL: '/api',
      MFE_JOBSEEKER_MANIFEST: '/mfe/jobseeker/mf-manifest.json',
      MFE_EMPLOYER_MANIFEST: '/mfe/employer/mf-manifest.json',
      MFE_ADMIN_MANIFEST: '/mfe/admin/mf-manifest.json',
    },
    port: shellPort,
  });
  await group.waitHealthy('shell-one-origin');
  return proxy;
}

/** `after`: a later outcome of the same input, reported beside it (the server's answer of an interaction shown before it). */
type Interaction = { name: string; times: number[]; after?: { name: string; times: number[] } };

const interactionOutcome = ({ name, times, after }: Interaction): Outcome =>
  atMost(
    {
      case: `interaction, 4x CPU slowdown: ${name}`,
      size: `${times.length} runs, npm start`,
      figure: `${ms(percentile(times, 75))} p75${after ? `; ${after.name}: ${ms(percentile(after.times, 75))} p75` : ''}`,
      peer: `limit ${interactionLimitMs} ms`,
    },
    percentile(times, 75),
    interactionLimitMs,
    1,
  );

function outcomesOf({ path, screen, score, scripts }: Measured): Outcome[] {
  const size = `${path}, signed in`;
  const name = (what: string) => `signed-in ${what}: ${screen.path}`;
  const kb = (scripts.shell + scripts.remote) / 1024;
  return [
    atLeast(
      { case: name('Lighthouse performance'), size, figure: String(score.performance), peer: 'target 95' },
      score.performance,
      targets.performance,
      1,
    ),
    atLeast(
      {
        case: name('Lighthouse best practices'),
        size,
        figure: String(score.bestPractices),
        peer: 'target 100',
      },
      score.bestPractices ?? 0,
      targets.bestPractices,
      1,
    ),
    atMost(
      { case: name('LCP'), size, figure: `${Math.round(score.lcpMs)} ms`, peer: 'limit 2000 ms' },
      score.lcpMs,
      targets.lcpMs,
      1,
    ),
    atMost(
      { case: name('TBT'), size, figure: `${Math.round(score.tbtMs)} ms`, peer: 'limit 150 ms' },
      score.tbtMs,
      targets.tbtMs,
      1,
    ),
    atMost(
      { case: name('CLS'), size, figure: score.cls.toFixed(3), peer: 'limit 0.05' },
      score.cls,
      targets.cls,
      1,
    ),
    atMost(
      {
        case: name('first-load JavaScript, gzip'),
        size,
        figure: `${kb.toFixed(1)} KB (shell ${(scripts.shell / 1024).toFixed(1)} + area ${(scripts.remote / 1024).toFixed(1)})`,
        peer: 'limit 150 KB',
      },
      kb,
      targets.firstLoadKb,
      1,
    ),
  ];
}

/**
 * The screens people work in, signed in, with Lighthouse mobile (simulated slow 4G and a
 * 4x slower CPU) and the JavaScript of their first load, on both paths: `npm start` (each remote
 * its own origin) and the compose path's one public origin; then three interactions at a 4x
 * slower CPU (interactions.ts).
 */
export const areasSignedInCase: BenchCase = async ({ quick }) => {
  productionBuild();
  mkdirSync(reportsDir, { recursive: true });
  const infra = await benchInfra();
  const stack = await startStack({
    infra,
    build: 'production',
    processes: [...backendProcesses, ...webProcesses],
  });
  const group = new ProcessGroup(join(resultsDir, 'logs'));
  let browser: Browser | undefined;
  let proxy: Awaited<ReturnType<typeof startOneOrigin>> | undefined;
  try {
    const { sessions, employer } = await seedPeople(stack);
    const approvals = await seedPendingRequests(stack, employer, quick ? 3 : 8);
    proxy = await oneOriginPath(stack, group);
    const paths: Path[] = [
      { name: 'npm start', origin: stack.url('shell') },
      { name: 'one origin', origin: proxy.url },
    ];
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
    const measured: Measured[] = [];
    for (const path of quick ? paths.slice(0, 1) : paths) {
      for (const screen of screens) {
        const session = sessions[screen.role];
        const scripts = await firstLoadScripts(browser, path.origin, screen, session);
        const score = await auditSignedIn(path, screen, session);
        measured.push({ path: path.name, screen, score, scripts });
      }
    }
    printTable(
      'Signed-in screens, Lighthouse mobile (simulated slow 4G, 4x CPU slowdown)',
      measured.map(({ path, screen, score, scripts }) => ({
        path,
        screen: screen.path,
        performance: score.performance,
        'best practices': score.bestPractices ?? '-',
        'LCP ms': Math.round(score.lcpMs),
        'TBT ms': Math.round(score.tbtMs),
        CLS: score.cls.toFixed(3),
        'JS KB gzip': ((scripts.shell + scripts.remote) / 1024).toFixed(1),
      })),
    );
    // the interactions on npm start's path, at a phone's CPU
    const origin = paths[0]!.origin;
    const runs = quick ? 3 : 8;
    const approve = await approveTimes(browser, origin, sessions.admin, approvals);
    const interactions: Interaction[] = [
      {
        name: 'a search until its results show',
        times: await searchTimes(browser, origin, sessions.employer, runs),
      },
      {
        name: '"Approve" until the row shows its new status',
        times: approve.shown,
        after: { name: "the server's answer", times: approve.answered },
      },
      {
        name: 'a skill picked until it shows in its row',
        times: await skillTimes(browser, origin, sessions.job_seeker, runs),
      },
      {
        name: 'Search Candidates opened from the dashboard until it shows',
        times: await menuPageTimes(browser, origin, sessions.employer, quick ? 3 : 5),
      },
    ];
    printTable(
      'Interactions, 4x CPU slowdown (input to the next paint that shows the outcome)',
      interactions.flatMap(({ name, times, after }) =>
        [{ name, times }, ...(after ? [{ name: `${name}: ${after.name}`, times: after.times }] : [])].map(
          (row) => ({
            interaction: row.name,
            runs: row.times.length,
            p75: ms(percentile(row.times, 75)),
            max: ms(Math.max(...row.times)),
          }),
        ),
      ),
    );
    process.stdout.write(`saved ${saveResult('areas-signed-in', { measured, interactions })}\n`);
    return [...measured.flatMap(outcomesOf), ...interactions.map(interactionOutcome)];
  } finally {
    await browser?.close();
    proxy?.close();
    await group.stopAll();
    await stack.close();
  }
};
