import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ProcessGroup, repoRoot, webServerArgs } from '@meritmatch/infra';
import { backendProcesses, registerAccount, type Stack, startStack, webProcesses } from '@meritmatch/testkit';
import { createWebConfig } from '@meritmatch/web-build';
import { rspack } from '@rspack/core';
import getPort from 'get-port';
import { type Browser, chromium } from 'playwright-core';
import { printTable, resultsDir, saveResult } from '../report';
import { chromiumFlags, chromiumPath } from '../shell-server';
import { atMost, type BenchCase } from '../suite/outcome';
import { benchInfra, ms, productionBuild, summary } from '../support';

const shellDir = join(repoRoot, 'shells/web');
const directDir = join(repoRoot, 'bench/.direct-shell');

/** The shell built by the bench with each area bundled in, no federation (direct-host.ts). */
async function buildDirectShell() {
  const config = createWebConfig({ dir: shellDir, name: 'shell', port: 0 });
  config.output = { ...config.output, path: join(directDir, 'dist') };
  config.plugins = [
    ...(config.plugins ?? []),
    new rspack.NormalModuleReplacementPlugin(/^\.\/host$/, join(repoRoot, 'bench/web/direct-host.ts')),
  ];
  await new Promise<void>((resolve, reject) =>
    rspack(config).run((error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    }),
  );
}

type Timing = { cold: number[]; preloaded: number[] };

/**
 * Clicking Dashboard on `/` to the area's heading, signed in as a job seeker, each time in a
 * fresh browser context (nothing cached). Cold: the idle-time preload is held back (the page's
 * `requestIdleCallback` never calls back), and the click comes with no pointer over the link
 * before it (no preload on hover), so the click starts the load. Preloaded: the page is left
 * until the network is idle, so the area has loaded when the click comes. Timed in the page.
 */
async function timeDashboard(
  browser: Browser,
  shellUrl: string,
  session: object,
  runs: number,
): Promise<Timing> {
  const timing: Timing = { cold: [], preloaded: [] };
  for (let run = 0; run < runs; run++) {
    for (const mode of ['cold', 'preloaded'] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${shellUrl}/config.json`);
      await page.evaluate(
        ({ token, user }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', JSON.stringify(user));
        },
        session as { token: string; user: unknown },
      );
      // given as text: a function would be compiled by tsx, which names the arrow of an object
      // literal with a helper (`__name`) the page does not have, so the script threw before it
      // replaced anything, and every "cold" run was preloaded
      if (mode === 'cold') await page.addInitScript({ content: 'window.requestIdleCallback = () => 0;' });
      // both modes click once the page has settled (hydrated, its own requests done): a click
      // during the page's load waited for it, by a margin that varied from run to run
      await page.goto(`${shellUrl}/`, { waitUntil: 'networkidle' });
      const dashboard = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Dashboard' });
      await dashboard.waitFor();
      // timed in the page, on its own clock: from the click event to the heading's insertion (a
      // mutation observer), without the round trips of the browser's remote control around them
      await page.evaluate((heading) => {
        const marks: { clickedAt?: number; shownAt?: number } = {};
        Object.assign(window, { navigationMarks: marks });
        document.addEventListener('click', (event) => (marks.clickedAt ??= event.timeStamp), {
          capture: true,
        });
        const observer = new MutationObserver(() => {
          const found = Array.from(document.querySelectorAll('h1, h2')).some(
            (element) => element.textContent === heading,
          );
          if (!found) return;
          marks.shownAt ??= performance.now();
          observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }, 'Job Seeker Dashboard');
      // a click event alone, with no pointer moved over the link first: the pointer's arrival
      // would start the area's load (the preload on hover) a moment before the click, by a
      // margin that varied from run to run
      await dashboard.dispatchEvent('click');
      await page.getByRole('heading', { name: 'Job Seeker Dashboard' }).waitFor();
      const { clickedAt, shownAt } = await page.evaluate(
        () =>
          (window as unknown as { navigationMarks: { clickedAt?: number; shownAt?: number } })
            .navigationMarks,
      );
      if (clickedAt === undefined || shownAt === undefined)
        throw new Error('the click or the heading was not seen');
      // a cold run loads the area's code after the click, a preloaded one before it: a run that
      // is not what it is named fails the case rather than be reported as the other
      const scriptsAfterClick = await page.evaluate(
        (since) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime >= since && /\.js(?:$|\?)/.test(entry.name)).length,
        clickedAt,
      );
      if ((mode === 'cold') !== scriptsAfterClick > 0)
        throw new Error(`a ${mode} run loaded ${scriptsAfterClick} scripts after the click`);
      timing[mode].push(shownAt - clickedAt);
      await context.close();
    }
  }
  return timing;
}

/**
 * The area-navigation target: from clicking Dashboard to the job seeker area's first content,
 * cold and with the remote preloaded, against the same area built into the shell without
 * federation, both served by the shell's own web server against the same services, in the same
 * run.
 */
export const areaNavigationCase: BenchCase = async ({ quick }) => {
  const runs = quick ? 5 : 15;
  productionBuild();
  await buildDirectShell();
  const directPort = await getPort();
  const direct = `http://127.0.0.1:${directPort}`;
  const infra = await benchInfra();
  const stack: Stack = await startStack({
    infra,
    build: 'production',
    processes: [...backendProcesses, ...webProcesses],
  });
  const group = new ProcessGroup(join(resultsDir, 'logs'));
  let browser: Browser | undefined;
  try {
    // the direct shell: the stack's shell settings, its own port, and the gateway told of it
    await stack.stop('gateway');
    const gateway = stack.spec('gateway');
    gateway.env.WEB_ORIGINS = `${stack.url('shell')},${direct}`;
    await stack.start('gateway');
    const shell = stack.spec('shell');
    group.start({
      ...shell,
      name: 'direct-shell',
      cwd: directDir,
      args: webServerArgs('production', 'direct-shell', 'shell'),
      env: { ...shell.env, PORT: String(directPort) },
      port: directPort,
    });
    await group.waitHealthy('direct-shell');
    const seeker = await registerAccount(stack, 'job_seeker');
    const session = {
      token: seeker.token,
      user: { id: seeker.id, email: seeker.email, userType: 'job_seeker' },
    };
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
    // one warm-up each, then the runs alternate between the two builds
    await timeDashboard(browser, stack.url('shell'), session, 1);
    await timeDashboard(browser, direct, session, 1);
    const federated: Timing = { cold: [], preloaded: [] };
    const bundled: Timing = { cold: [], preloaded: [] };
    for (let run = 0; run < runs; run++) {
      for (const [url, into] of [
        [stack.url('shell'), federated],
        [direct, bundled],
      ] as const) {
        const timing = await timeDashboard(browser, url, session, 1);
        into.cold.push(...timing.cold);
        into.preloaded.push(...timing.preloaded);
      }
    }
    const rows = (['cold', 'preloaded'] as const).map((mode) => ({
      mode,
      federated: summary(federated[mode]),
      bundled: summary(bundled[mode]),
    }));
    printTable(
      'Dashboard click to the job seeker area heading (median of fresh contexts)',
      rows.map((row) => ({
        mode: row.mode,
        'federated p50': ms(row.federated.p50),
        'without federation p50': ms(row.bundled.p50),
      })),
    );
    process.stdout.write(`saved ${saveResult('area-navigation', { runs, federated, bundled })}\n`);
    return rows.map((row) =>
      atMost(
        {
          case: `area navigation: ${row.mode}`,
          size: `${runs} runs`,
          figure: `${ms(row.federated.p50)} median`,
          peer: `same area without federation ${ms(row.bundled.p50)}`,
        },
        row.federated.p50,
        row.bundled.p50,
        row.mode === 'cold' ? 1.2 : 1.05,
      ),
    );
  } finally {
    await browser?.close();
    await group.stopAll();
    await stack.close();
    rmSync(directDir, { recursive: true, force: true });
  }
};
