import { accessViewerLabel, noJobSeekerAccessText } from '@meritmatch/contracts';
import {
  adminAccount,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  type TestAccount,
} from '@meritmatch/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, sessionOf, snap, storeSession } from './support/browser';
import { startProduct } from './support/stack';

/**
 * An admin opens a candidate from a match request; the data access log shows that read
 * (who, whose, when, why), and the candidate sees it on their dashboard as a view by the
 * MeritMatch team, for the company's request.
 */
describe('who read whose personal details: the admin log and the job seeker dashboard', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: TestAccount;
  let employer: TestAccount;
  let ada: SeededCandidate;
  let requestId: string;
  const shell = () => stack.url('shell');

  /** A page of its own, signed in as `account`, at a given width. */
  const pageFor = async (account: TestAccount, viewport = desktop): Promise<Page> => {
    const { page } = await newPage(browser, viewport);
    await storeSession(page, shell(), sessionOf(account));
    return page;
  };

  /** The same screen at a phone's width: nothing wider than the screen, and a screenshot. */
  const onPhone = async (account: TestAccount, path: string, testId: string, name: string) => {
    const small = await pageFor(account, phone);
    await small.goto(`${shell()}${path}`);
    await small.getByTestId(testId).first().waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(small, name, true);
    await small.context().close();
  };

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    admin = await adminAccount(stack);
    employer = await seedEmployer(stack);
    ada = await seedCandidate(stack, {
      fullName: 'Ada Lovelace-Byron',
      phone: '+44 20 7946 0958',
      location: 'London, UK',
      skills: [{ name: 'Mathematics', proficiencyLevel: 'expert' }],
    });
    requestId = await seedMatchRequest(stack, employer, ada.candidateId);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('lists the read of a candidate opened from a request in the data access log', async () => {
    const page = await pageFor(admin);
    await page.goto(`${shell()}/admin/requests`);
    const row = page.getByTestId('request-row').filter({ hasText: ada.uniqueCode });
    await row.getByRole('button', { name: `View candidate ${ada.uniqueCode}` }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByTestId('admin-candidate').textContent())
      .toContain('Ada Lovelace-Byron');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });

    const menu = page.getByRole('navigation', { name: 'Administration' });
    await menu.getByRole('link', { name: 'Data Access Log' }).click();
    await page.waitForURL(`${shell()}/admin/access-log`);
    await expect
      .poll(() => menu.getByRole('link', { name: 'Data Access Log' }).getAttribute('aria-current'))
      .toBe('page');
    await page.getByRole('heading', { name: 'Data Access Log' }).waitFor();

    const entries = page.getByTestId('access-log-entry');
    const modalRead = entries.filter({ hasText: 'Name and phone' }).filter({ hasText: requestId });
    // the e-mail's read comes from the auth service through Kafka: refresh until it is there
    const emailRead = entries.filter({ hasText: 'E-mail' }).filter({ hasText: requestId });
    await eventually(
      async () => {
        if ((await modalRead.count()) > 0 && (await emailRead.count()) > 0) return true;
        await page.getByRole('button', { name: 'Refresh', exact: true }).click();
        return false;
      },
      { timeoutMs: 30000, intervalMs: 1000, what: "the modal's reads in the data access log" },
    );
    const text = (await modalRead.first().textContent()) ?? '';
    expect(text).toContain('Match request from Acme Robotics');
    expect(text).toContain(ada.uniqueCode);
    expect(text).toContain(stack.admin.email);
    expect(await modalRead.first().getAttribute('data-purpose')).toBe('match-request');
    // the log names the candidate by code only: reading it reads no personal detail
    expect(await page.locator('main, body').first().textContent()).not.toContain('Ada Lovelace-Byron');
    await snap(page, 'access-log-admin-desktop', true);

    await onPhone(admin, '/admin/access-log', 'access-log-entry', 'access-log-admin-phone');
    await page.context().close();
  });

  it('shows the job seeker who viewed their details, when and for which company, and no admin', async () => {
    const page = await pageFor(ada);
    await page.goto(`${shell()}/job-seeker`);
    const section = page.getByTestId('access-log');
    await section.waitFor();
    const views = section.getByTestId('access-view');
    await expect
      .poll(() => views.filter({ hasText: 'viewed your name and phone' }).count())
      .toBeGreaterThan(0);
    const nameAndPhone = views.filter({ hasText: 'viewed your name and phone' }).first();
    expect(await nameAndPhone.textContent()).toContain(`${accessViewerLabel} viewed your name and phone`);
    expect(await nameAndPhone.textContent()).toContain('Match request from Acme Robotics');
    await expect.poll(() => views.filter({ hasText: 'viewed your e-mail' }).count()).toBeGreaterThan(0);
    expect(await section.textContent()).not.toContain(stack.admin.email);
    // from the top: the sticky bar would otherwise sit mid-page in the full-page shot
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'access-log-job-seeker-desktop', true);

    await onPhone(ada, '/job-seeker', 'access-view', 'access-log-job-seeker-phone');
    await page.context().close();
  });

  it("shows another job seeker none of Ada's views", async () => {
    const other = await seedCandidate(stack, { fullName: 'Grace Other', location: 'Bristol, UK' });
    const page = await pageFor(other);
    await page.goto(`${shell()}/job-seeker`);
    await expect.poll(() => page.getByTestId('access-log').textContent()).toContain(noJobSeekerAccessText);
    expect(await page.getByTestId('access-view').count()).toBe(0);
    await page.context().close();
  });
});
