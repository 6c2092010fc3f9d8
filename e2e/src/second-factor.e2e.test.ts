import { currentCode } from '@meritmatch/auth/second-factor-codes';
import { secondFactorPeriodSeconds } from '@meritmatch/contracts';
import { backendProcesses, type Stack, startStack, webProcesses } from '@meritmatch/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, snap, storedSession } from './support/browser';

/**
 * An admin's second factor in the browser, where it is required (as on the compose path): the
 * first sign-in shows the QR code and the key, takes the first code and shows the recovery codes
 * once; the next sign-in asks for a code. Codes are computed from the key the page shows.
 */
describe("an admin's second factor", () => {
  let stack: Stack;
  let browser: Browser;
  const shell = () => stack.url('shell');

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: [...backendProcesses, ...webProcesses],
      extraEnv: {
        auth: { ADMIN_SECOND_FACTOR: 'required' },
        gateway: { RATE_LIMIT_MULTIPLIER: '1', RATE_LIMITS: 'sign-up=200/3600,sign-in=200/300' },
      },
      build: 'production',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('enrols at the first sign-in, then asks for a code each time', async () => {
    const { page, context } = await newPage(browser);
    const signInWithPassword = async () => {
      await page.goto(`${shell()}/login`);
      await page.getByLabel('Email').fill(stack.admin.email);
      await page.getByLabel('Password').fill(stack.admin.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
    };
    await signInWithPassword();
    await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await page.getByTestId('second-factor-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await snap(page, 'second-factor-enrolment');

    await page.getByLabel('Code').fill(currentCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: /continue/ }).click();
    await page.waitForURL(`${shell()}/admin`);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${shell()}/login`);
    await signInWithPassword();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    // the first code's step is spent: the next step's code (one step of drift is accepted)
    await page.getByLabel('Code').fill(currentCode(secret, Date.now() + secondFactorPeriodSeconds * 1000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${shell()}/admin`);
    expect((await storedSession(page)).token).toBeTruthy();
    await context.close();
  });
});
