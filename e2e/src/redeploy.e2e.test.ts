import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProcessGroup, repoRoot, webServerArgs } from '@meritmatch/infra';
import { type Stack, seedEmployer, type TestAccount } from '@meritmatch/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, sessionOf, snap, storeSession, versionsShownBy } from './support/browser';
import { startProduct } from './support/stack';

/**
 * Builds the next release of mfe-employer from a copy of its sources with a visible change
 * (the dashboard heading) and a new version, as its team would: the shell is not rebuilt.
 */
function buildNextEmployerRelease(version: string) {
  const dir = join(repoRoot, 'e2e/.releases/mfe-employer');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ['src', 'package.json', 'rspack.config.mjs']) {
    cpSync(join(repoRoot, 'mfe-employer', entry), join(dir, entry), { recursive: true });
  }
  const layout = join(dir, 'src/app/DashboardLayout.tsx');
  writeFileSync(
    layout,
    readFileSync(layout, 'utf8').replace(
      '<h1>Employer Dashboard</h1>',
      '<h1>Employer Dashboard · new release</h1>',
    ),
  );
  const build = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js'), 'build'],
    {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production', MF_BUILD_VERSION: version },
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`the next release did not build: ${build.stderr}${build.stdout}`);
  return dir;
}

describe('a remote deployed alone while the shell runs', () => {
  let stack: Stack;
  let browser: Browser;
  let employer: TestAccount;
  let release: string;
  const deployed = new ProcessGroup(join(repoRoot, '.data/test/logs/redeploy'));

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    employer = await seedEmployer(stack);
  });
  afterAll(async () => {
    await browser?.close();
    await deployed.stopAll();
    await stack?.close();
    if (release) rmSync(release, { recursive: true, force: true });
  });

  const openEmployerArea = async () => {
    const { page, context } = await newPage(browser);
    const notFound: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(response.url());
    });
    await storeSession(page, stack.url('shell'), sessionOf(employer, 'employer'));
    await page.goto(`${stack.url('shell')}/employer`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return { page, context, notFound };
  };

  it('shows the new version on the next navigation, and the tab opened before keeps working', async () => {
    const before = await openEmployerArea();
    await expect.poll(() => versionsShownBy(before.page)).toBe('employer area 1.0.0');

    release = buildNextEmployerRelease('1.1.0');
    await stack.stop('mfe-employer');
    deployed.start({
      name: 'mfe-employer',
      cwd: release,
      args: webServerArgs(
        'production',
        'mfe-employer',
        'remote',
        join(stack.logDir, 'web-assets/mfe-employer'),
      ),
      env: { PORT: String(stack.ports.employer) },
      port: stack.ports.employer,
      healthPath: '/health',
    });
    await deployed.waitHealthy('mfe-employer');

    // the tab opened before the deploy runs 1.0.0 on: the search page is a chunk of 1.0.0 it
    // had not loaded yet, which the new server no longer builds but still serves
    await before.page.getByRole('link', { name: 'Search Candidates' }).first().click();
    await before.page.getByRole('heading', { name: 'Search Candidates' }).waitFor();
    expect(before.notFound).toEqual([]);
    expect(await before.page.getByRole('heading', { level: 1 }).first().textContent()).toBe(
      'Employer Dashboard',
    );
    await snap(before.page, 'redeploy-tab-before');

    // the next navigation loads the new release, with no shell rebuild
    const after = await openEmployerArea();
    await expect
      .poll(() => after.page.getByRole('heading', { level: 1 }).first().textContent())
      .toBe('Employer Dashboard · new release');
    await expect.poll(() => versionsShownBy(after.page)).toBe('employer area 1.1.0');
    await after.page.getByRole('link', { name: 'Search Candidates' }).first().click();
    await after.page.getByRole('heading', { name: 'Search Candidates' }).waitFor();
    expect(after.notFound).toEqual([]);
    await snap(after.page, 'redeploy-tab-after');
    await before.context.close();
    await after.context.close();
  });
});
