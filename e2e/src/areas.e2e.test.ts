import {
  adminAccount,
  call,
  registerAccount,
  type Stack,
  seedCandidate,
  seedEmployer,
  type TestAccount,
} from '@meritmatch/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, phone, sessionOf, snap, storeSession } from './support/browser';
import { countScripts } from './support/first-load-js';
import { layoutShiftsOf, watchLayoutShifts } from './support/layout-shifts';
import { startProduct } from './support/stack';

describe('the shell loads each role area from its own remote', () => {
  let stack: Stack;
  let browser: Browser;
  let accounts: Record<'jobseeker' | 'employer' | 'admin' | 'verifiedEmployer' | 'candidate', TestAccount>;

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    accounts = {
      jobseeker: await registerAccount(stack, 'job_seeker'),
      employer: await registerAccount(stack, 'employer'),
      admin: await adminAccount(stack),
      verifiedEmployer: await seedEmployer(stack),
      candidate: await seedCandidate(stack, { skills: [{ name: 'Go' }] }),
    };
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const open = async (area: keyof typeof accounts, path: string) => {
    const { page, context } = await newPage(browser);
    const account = accounts[area];
    await storeSession(page, stack.url('shell'), sessionOf(account));
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('mf-manifest.json')) remoteRequests.push(request.url());
    });
    const refusedByPolicy: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
    });
    const document = await page.goto(`${stack.url('shell')}${path}`);
    return {
      page,
      context,
      remoteRequests,
      refusedByPolicy,
      policy: document?.headers()['content-security-policy'],
    };
  };

  it.each([
    ['jobseeker', '/job-seeker', 'Job Seeker Dashboard', 'jobseeker'],
    ['employer', '/employer', 'Employer', 'employer'],
    ['admin', '/admin', 'Admin', 'adminWeb'],
  ] as const)('opens the %s area from its remote', async (area, path, heading, port) => {
    const { page, context, remoteRequests, refusedByPolicy, policy } = await open(area, path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain(heading);
    expect(remoteRequests).toEqual([`${stack.url(port)}/mf-manifest.json`]);
    // a strict Content-Security-Policy, under which the shell still loads its remote
    expect(policy).toMatch(/script-src 'self' [^;]*http:\/\/127\.0\.0\.1:\d+/);
    expect(policy).not.toContain('unsafe-inline');
    expect(refusedByPolicy).toEqual([]);
    await snap(page, `area-${area}`);
    await context.close();
  });

  it('shows an area as soon as its code has come, without waiting for a timer', async () => {
    // React reveals what a Suspense boundary held back no sooner than 300 ms after its fallback
    // showed, by a timer: with the page's clock paused, an area that waits on that timer never
    // shows, while one shown as soon as its code has come does
    const { page, context } = await newPage(browser);
    await storeSession(page, stack.url('shell'), sessionOf(accounts.jobseeker));
    await page.clock.install();
    // the area's manifest is held until after the click, so that the click finds it not loaded
    let releaseManifest: () => void = () => undefined;
    const manifestHeld = new Promise<void>((resolve) => (releaseManifest = resolve));
    await page.route(`${stack.url('jobseeker')}/mf-manifest.json`, async (route) => {
      await manifestHeld;
      await route.continue();
    });
    await page.goto(`${stack.url('shell')}/`);
    const dashboard = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
    await dashboard.waitFor();
    await page.clock.pauseAt(Date.now() + 1000);
    await dashboard.click();
    await page.getByRole('status').filter({ hasText: 'Loading the job seeker area…' }).waitFor();
    releaseManifest();
    await page.getByRole('heading', { name: 'Job Seeker Dashboard' }).waitFor({ timeout: 10000 });
    await context.close();
  });

  it('fetches nothing from a remote on the landing page', async () => {
    const { page, context } = await newPage(browser);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${stack.url('shell')}/`);
    await page.getByRole('heading', { name: /judged on your skills/ }).waitFor();
    for (const port of ['jobseeker', 'employer', 'adminWeb'] as const) {
      expect(fetched.some((url) => url.startsWith(stack.url(port)))).toBe(false);
    }
    await context.close();
  });

  it('shows an error in the area whose remote is down, while the rest keeps working', async () => {
    await stack.stop('mfe-employer');
    try {
      const employer = await open('employer', '/employer');
      await expect
        .poll(() => employer.page.getByTestId('area-error').textContent(), { timeout: 30000 })
        .toContain('The employer area could not be loaded.');
      await expect.poll(() => employer.page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
      await snap(employer.page, 'area-employer-down');

      await employer.page.getByRole('link', { name: 'MeritMatch' }).click();
      await employer.page.getByRole('heading', { name: /judged on your skills/ }).waitFor();
      await employer.context.close();

      const jobseeker = await open('jobseeker', '/job-seeker');
      await expect
        .poll(() => jobseeker.page.getByRole('heading', { level: 1 }).first().textContent())
        .toContain('Job Seeker Dashboard');
      await jobseeker.context.close();
    } finally {
      await stack.start('mfe-employer');
    }
  });

  it('loads the area again with Try again once its remote is back', async () => {
    await stack.stop('mfe-employer');
    const { page, context } = await open('employer', '/employer');
    await page.getByTestId('area-error').waitFor();
    await stack.start('mfe-employer');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toContain('Employer');
    await context.close();
  });

  it('shows the employer search error within 6 s while matching is frozen, the other areas working, and searches again after', async () => {
    const employer = await open('verifiedEmployer', '/employer/search');
    const cards = employer.page.getByTestId('candidate-card');
    await expect.poll(() => cards.count(), { timeout: 30000 }).toBe(1);
    const failed = employer.page.getByRole('alert').filter({ hasText: 'Candidates could not be loaded.' });

    stack.freeze('matching');
    try {
      await employer.page.getByLabel('Skills', { exact: true }).fill('Go');
      const started = Date.now();
      await employer.page.getByRole('button', { name: 'Search', exact: true }).click();
      await failed.waitFor({ timeout: 6000 });
      const shownAfter = Date.now() - started;
      process.stdout.write(`frozen matching: the search error showed after ${shownAfter} ms\n`);
      expect(shownAfter).toBeLessThan(6000);
      expect(await failed.textContent()).toContain('Search is not answering right now.');
      await snap(employer.page, 'area-employer-search-frozen');

      const jobseeker = await open('jobseeker', '/job-seeker');
      await expect
        .poll(() => jobseeker.page.getByRole('heading', { level: 1 }).first().textContent())
        .toContain('Job Seeker Dashboard');
      await jobseeker.page.getByLabel('Full name').waitFor({ timeout: 5000 });
      await jobseeker.context.close();

      const admin = await open('admin', '/admin/users');
      await admin.page
        .getByTestId('user-row')
        .filter({ hasText: accounts.verifiedEmployer.email })
        .waitFor({ timeout: 5000 });
      await admin.context.close();
    } finally {
      stack.thaw('matching');
    }

    // no reload: the page's own Try again (a person clicks it again if the first try is too early)
    for (let attempt = 0; attempt < 10 && (await cards.count()) === 0; attempt++) {
      if (await failed.isVisible()) await employer.page.getByRole('button', { name: 'Try again' }).click();
      await employer.page.waitForTimeout(1000);
    }
    await expect.poll(() => cards.count()).toBe(1);
    await employer.context.close();
  });

  // The first load's JavaScript of each signed-in screen (the shell's part and the area's, gzip, until the network is
  // quiet): where decision 0028 left it, a little above, so that a change that makes it grow fails here. The target is
  // 150 KB (`npm run bench -- areas-signed-in`); the employer's counts its pages, loaded once the dashboard is idle.
  const firstLoadBudgetKb = { candidate: 190, verifiedEmployer: 220, admin: 190 } as const;

  // the signed-in screens' stillness: what a person reads does not jump once the area has painted it (Lighthouse's CLS;
  // on a phone above all, where the menu sits above the content and the footer is in view); and their first load's weight
  it.each([
    ['candidate', '/job-seeker', (page: Page) => page.getByTestId('unique-code')],
    ['candidate', '/job-seeker/interest', (page: Page) => page.getByTestId('interest')],
    [
      'verifiedEmployer',
      '/employer',
      (page: Page) => page.getByRole('heading', { name: 'Employer Dashboard' }),
    ],
    ['verifiedEmployer', '/employer/search', (page: Page) => page.getByTestId('candidate-card')],
    ['admin', '/admin', (page: Page) => page.getByTestId('stat-job_seekers')],
    ['admin', '/admin/requests', (page: Page) => page.getByTestId('request-queue')],
  ] as const)(
    "keeps %s's %s still once painted, on a phone, within its JavaScript budget",
    async (who, path, content) => {
      const { page, context } = await newPage(browser, phone);
      // the user as the shell keeps it after signing in: with whether the address is confirmed, so
      // the banner of an unconfirmed one is there in the first render
      const me = await call(`${stack.api}/auth/me`, { token: accounts[who].token });
      await storeSession(page, stack.url('shell'), { token: accounts[who].token, user: me.body.user });
      await watchLayoutShifts(page);
      const scripts = countScripts(page);
      await page.goto(`${stack.url('shell')}${path}`);
      await content(page).first().waitFor({ timeout: 30000 });
      // what loads after the main content (the rest of the page's data) has its moment to move it
      await page.waitForLoadState('networkidle');
      const shifts = await layoutShiftsOf(page);
      await snap(page, `still${path.replaceAll('/', '-')}`);
      expect(shifts, JSON.stringify(shifts, null, 1)).toEqual([]);
      const kb = (await scripts()) / 1024;
      expect(kb, `${path}: ${kb.toFixed(1)} KB of JavaScript`).toBeLessThanOrEqual(firstLoadBudgetKb[who]);
      await context.close();
    },
  );
});
