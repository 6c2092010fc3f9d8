import { adminAccount, registerAccount, type Stack, type TestAccount } from '@meritmatch/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap, storeSession } from './support/browser';
import { startProduct } from './support/stack';

describe('the shell loads each role area from its own remote', () => {
  let stack: Stack;
  let browser: Browser;
  let accounts: Record<'jobseeker' | 'employer' | 'admin', TestAccount>;

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    accounts = {
      jobseeker: await registerAccount(stack, 'job_seeker'),
      employer: await registerAccount(stack, 'employer'),
      admin: await adminAccount(stack),
    };
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const open = async (area: keyof typeof accounts, path: string) => {
    const { page, context } = await newPage(browser);
    const account = accounts[area];
    await storeSession(page, stack.url('shell'), {
      token: account.token,
      user: { id: account.id, email: account.email, userType: account.userType },
    });
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('mf-manifest.json')) remoteRequests.push(request.url());
    });
    await page.goto(`${stack.url('shell')}${path}`);
    return { page, context, remoteRequests };
  };

  it.each([
    ['jobseeker', '/job-seeker', 'Job Seeker Dashboard', 'jobseeker'],
    ['employer', '/employer', 'Employer', 'employer'],
    ['admin', '/admin', 'Admin', 'adminWeb'],
  ] as const)('opens the %s area from its remote', async (area, path, heading, port) => {
    const { page, context, remoteRequests } = await open(area, path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain(heading);
    expect(remoteRequests).toEqual([`${stack.url(port)}/mf-manifest.json`]);
    await snap(page, `area-${area}`);
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
});
