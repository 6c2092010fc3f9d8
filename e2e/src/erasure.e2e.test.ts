import { accountSettingsMessages, erasedCompanyLabel, erasureMessages } from '@meritmatch/contracts';
import {
  call,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  type TestAccount,
} from '@meritmatch/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, snap, storedSession } from './support/browser';
import { startProduct } from './support/stack';

/**
 * Leaving: a job seeker deletes their account from Account settings (the password confirms it),
 * every service erases its part, and the admin sees the erasure finish in User Management's
 * "Leaving" view; the admin erases an employer for good from the users list.
 */
describe('leaving: "Delete my account" and "Erase for good"', () => {
  let stack: Stack;
  let browser: Browser;
  let seeker: SeededCandidate;
  let employer: TestAccount;
  /** Asked by the employer before it is erased; stays. */
  let staying: SeededCandidate;
  const employerMessage = 'We would love to hear about your Rust work.';
  // the admin's tab, shared by the admin's steps
  let context: BrowserContext;
  let page: Page;
  const shell = () => stack.url('shell');

  const signInAs = async (on: Page, email: string, password: string, lands: string) => {
    await on.goto(`${shell()}/login`);
    await on.getByLabel('Email').fill(email);
    await on.getByLabel('Password').fill(password);
    await on.getByRole('button', { name: 'Sign In' }).click();
    await on.waitForURL(`${shell()}${lands}`);
  };
  const meStatus = async (token: string) => (await call(`${stack.api}/auth/me`, { token })).status;

  const erasureRow = (userId: string) =>
    page
      .getByRole('table', { name: 'Erasures' })
      .getByTestId('erasure-row')
      .and(page.locator(`[data-user-id="${userId}"]`));

  /** Each part of the row's erasure and whether it is done, as the page shows them. */
  const partsDone = (userId: string) =>
    erasureRow(userId)
      .getByTestId('erasure-part')
      .evaluateAll((items) => items.map((item) => `${item.dataset.part}=${item.dataset.done}`));

  /** Every service answers within seconds; the list asks again every 10 s, a reload at once. */
  const waitUntilFinished = async (userId: string) => {
    await eventually(
      async () => {
        if ((await erasureRow(userId).getAttribute('data-finished', { timeout: 5000 })) === 'true')
          return true;
        await page.reload();
        return false;
      },
      {
        timeoutMs: 60000,
        intervalMs: 2000,
        what: `the erasure of ${userId} finished`,
        seen: () => partsDone(userId),
      },
    );
    expect((await partsDone(userId)).sort()).toEqual(
      ['admin', 'auth', 'matching', 'notifications', 'profile'].map((part) => `${part}=true`),
    );
  };

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    seeker = await seedCandidate(stack, {
      fullName: 'Lena Leaving',
      phone: '+49 30 7654321',
      location: 'Leipzig, Germany',
      skills: [{ name: 'Kotlin', proficiencyLevel: 'advanced' }],
    });
    employer = await seedEmployer(stack);
    staying = await seedCandidate(stack, {
      fullName: 'Stan Staying',
      location: 'Leipzig, Germany',
      skills: [{ name: 'Rust', proficiencyLevel: 'expert' }],
    });
    await seedMatchRequest(stack, employer, staying.candidateId, employerMessage);
    ({ context, page } = await newPage(browser));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  it('deletes a job seeker account from Account settings, confirmed with the password', async () => {
    const { page: own, context: ownContext } = await newPage(browser);
    await signInAs(own, seeker.email, seeker.password, '/job-seeker');
    const browserToken = (await storedSession(own)).token ?? '';
    await own.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await own.waitForURL(`${shell()}/account`);
    const card = own.locator('section', { has: own.getByRole('heading', { name: 'Delete my account' }) });
    await card.getByTestId('delete-account').waitFor();
    expect(await card.getByRole('link', { name: 'Download my data' }).getAttribute('href')).toBe(
      '/account/data',
    );

    // the keyboard opens the dialog, which takes the focus to its one field
    await card.getByRole('button', { name: 'Delete my account' }).focus();
    await own.keyboard.press('Enter');
    const dialog = own.getByRole('dialog', { name: 'Delete my account' });
    await dialog.waitFor();
    const password = dialog.getByLabel('Password');
    await expect.poll(() => password.evaluate((field) => field === document.activeElement)).toBe(true);
    await snap(own, 'erasure-dialog');
    await own.setViewportSize(phone);
    await snap(own, 'erasure-dialog-phone');
    await own.setViewportSize(desktop);

    // a wrong password: said under the field, nothing deleted
    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(accountSettingsMessages.wrongCurrentPassword).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await snap(own, 'erasure-dialog-wrong-password');
    expect(await meStatus(browserToken)).toBe(200);

    await password.fill(seeker.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await own.waitForURL(`${shell()}/login`);
    await own.getByRole('heading', { name: 'Sign in' }).waitFor();
    await own.locator('.form-message--success').filter({ hasText: erasureMessages.started }).waitFor();
    await snap(own, 'erasure-login-message');
    expect(await storedSession(own)).toEqual({ token: null, user: null });
    // this browser's token and the one of the set-up's sign-in are both refused
    expect(await meStatus(browserToken)).toBe(401);
    expect(await meStatus(seeker.token)).toBe(401);
    await ownContext.close();
  });

  it("shows the admin the job seeker's erasure finished, every part done, in the Leaving view", async () => {
    await signInAs(page, stack.admin.email, stack.admin.password, '/admin');
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'User Management' })
      .click();
    await page.waitForURL(`${shell()}/admin/users`);
    await page.getByText(erasureMessages.notErasure).waitFor();
    await page
      .getByRole('tablist', { name: 'User Management views' })
      .getByRole('tab', { name: 'Leaving', exact: true })
      .click();
    await page.waitForURL(`${shell()}/admin/users?view=leaving`);
    await erasureRow(seeker.id).waitFor();
    await waitUntilFinished(seeker.id);
    await snap(page, 'erasure-leaving-finished', true);
  });

  it('erases an employer for good from User Management, and lists it in Leaving', async () => {
    const tabs = page.getByRole('tablist', { name: 'User Management views' });
    await tabs.getByRole('tab', { name: 'Users', exact: true }).click();
    await page.waitForURL(`${shell()}/admin/users`);
    await page.getByLabel('Search users').fill(employer.email);
    const row = page.getByTestId('user-row').filter({ hasText: employer.email });
    await row.getByRole('button', { name: `Erase for good ${employer.email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Erase for good' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(employer.email);
    await snap(page, 'erasure-admin-confirm');
    await confirm.getByRole('button', { name: 'Erase for good', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.locator('.form-message--success').filter({ hasText: erasureMessages.adminStarted }).waitFor();
    await snap(page, 'erasure-admin-started');
    expect(await meStatus(employer.token)).toBe(401);

    // the arrow keys move to the other view
    await tabs.getByRole('tab', { name: 'Users', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${shell()}/admin/users?view=leaving`);
    await erasureRow(employer.id).waitFor();
    expect(await erasureRow(employer.id).textContent()).toContain('An admin');
    await waitUntilFinished(employer.id);
    await snap(page, 'erasure-leaving', true);
    await page.setViewportSize(phone);
    await snap(page, 'erasure-leaving-phone', true);
    await page.setViewportSize(desktop);
  });

  it('shows the candidate the erased employer\'s request as closed, from "a deleted company", without its message', async () => {
    const { page: own, context: ownContext } = await newPage(browser);
    try {
      await signInAs(own, staying.email, staying.password, '/job-seeker');
      await own.goto(`${shell()}/job-seeker/interest`);
      const item = own
        .getByTestId('interest-request')
        .filter({ has: own.getByRole('heading', { name: erasedCompanyLabel }) });
      await item.waitFor();
      expect(await own.getByTestId('interest-request').count()).toBe(1);
      expect(await item.textContent()).not.toContain(employerMessage);
      // it was still with the team: the erasure closed it, and there is nothing left to decide
      expect(await item.textContent()).toContain('Closed');
      expect(await item.getByRole('button').count()).toBe(0);
      await snap(own, 'erasure-interest-deleted-company');
    } finally {
      await ownContext.close();
    }
  });
});
