import { registerAccount, type Stack, type TestAccount } from '@meritmatch/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, sessionOf, snap, storeSession } from './support/browser';
import { startProduct } from './support/stack';

describe('a remote built against an incompatible shared singleton', () => {
  let stack: Stack;
  let browser: Browser;
  let employer: TestAccount;

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    employer = await registerAccount(stack, 'employer');
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('fails in its own area, naming what it needs, and never runs on the shell copy', async () => {
    const { page, context } = await newPage(browser);
    // the employer remote as if built against @meritmatch/web-session 2.x: its requirement, in transit
    await page.route(`${stack.url('employer')}/remoteEntry.js`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /(shareKey:"@meritmatch\/web-session",import:"@meritmatch\/web-session",requiredVersion:)"\^1\.0\.0"/,
        '$1"^2.0.0"',
      );
      expect(body).toContain('requiredVersion:"^2.0.0"');
      await route.fulfill({ response, body });
    });
    await storeSession(page, stack.url('shell'), sessionOf(employer, 'employer'));
    await page.goto(`${stack.url('shell')}/employer`);
    const area = page.getByTestId('area-error');
    await expect
      .poll(() => area.textContent(), { timeout: 30000 })
      .toContain('The employer area could not be loaded.');
    expect(await area.textContent()).toContain(
      'This version of the employer area needs @meritmatch/web-session ^2.0.0, which this version of MeritMatch does not have.',
    );
    expect(await page.getByRole('heading', { name: 'Employer Dashboard' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await snap(page, 'area-incompatible');
    // a retry in the same tab meets the remote's half-run module: the cause stays the version
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(() => area.textContent(), { timeout: 30000 })
      .toContain('This version of the employer area needs @meritmatch/web-session ^2.0.0');
    expect(await page.getByRole('heading', { name: 'Employer Dashboard' }).count()).toBe(0);
    await context.close();
  });
});
