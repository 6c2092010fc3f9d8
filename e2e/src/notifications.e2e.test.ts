import { emailKinds } from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  mailbox,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  type TestAccount,
} from '@meritmatch/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, sessionOf, snap, storeSession } from './support/browser';
import { startProduct } from './support/stack';

const company = {
  companyName: 'Northwind Freight',
  industry: 'Manufacturing',
  companySize: '201-500',
  website: 'northwind.example.com',
  description: 'We move things across the north.',
};

/**
 * E-mail, across the three roles, in the real product: the admin edits the approval e-mail and
 * the System Settings; the employer and the job seeker switch e-mails off and on in their own
 * settings; the approval then reaches the employer in Mailpit with the admin's template and
 * contact note, and the candidate is told of the introduction.
 */
describe('e-mail: templates, settings and preferences', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: TestAccount;
  let employer: TestAccount;
  let mira: SeededCandidate;
  const contexts: BrowserContext[] = [];
  const inbox = mailbox(inject('infra'));
  const shell = () => stack.url('shell');
  const successMessage = (page: Page, text: string) =>
    page.locator('.form-message--success').filter({ hasText: text });

  const signedIn = async (account: TestAccount, userType: string) => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await storeSession(page, shell(), sessionOf(account, userType));
    return page;
  };

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    admin = await adminAccount(stack);
    employer = await seedEmployer(stack, { company });
    mira = await seedCandidate(stack, {
      fullName: 'Mira Lindqvist',
      location: 'Malmö, Sweden',
      skills: [{ name: 'Logistics planning', proficiencyLevel: 'expert' }],
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.close();
  });

  it('the admin edits the approval e-mail, checks it in a preview and saves it', async () => {
    const page = await signedIn(admin, 'admin');
    await page.goto(`${shell()}/admin`);
    await page.getByRole('button', { name: 'Email Templates' }).click();
    await page.getByRole('heading', { name: 'Email Templates' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/email-templates');
    await page.getByTestId('template-request.approved').waitFor();
    expect(await page.getByTestId(/^template-/).count()).toBe(emailKinds.length);

    await page.getByRole('button', { name: 'Edit Match request approved' }).click();
    await page.getByLabel('Subject').fill('Good news from {{senderName}}: {{candidateCode}} is approved');
    // a placeholder the employer's e-mail may not use is refused before anything is sent
    const body = page.getByLabel('Body');
    const shipped = await body.inputValue();
    await body.fill(`${shipped}\nCall {{candidateName}}`);
    await page.getByRole('button', { name: 'Save Template' }).click();
    await page.getByText('{{candidateName}} cannot be used in this e-mail', { exact: false }).waitFor();
    await body.fill(`${shipped}\n\nReply to this e-mail if anything is unclear.`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('template-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toContain('Good news from MeritMatch: EM123456 is approved');
    expect(await preview.textContent()).toContain('Hello Acme Robotics,');
    await snap(page, 'admin-email-template-preview', true);
    await page.getByRole('button', { name: 'Save Template' }).click();
    await successMessage(page, 'Email template saved successfully').waitFor();
  });

  it('the admin sets the sender and asks new profiles for consent by default in System Settings', async () => {
    const page = await signedIn(admin, 'admin');
    await page.goto(`${shell()}/admin`);
    await page.getByRole('button', { name: 'System Settings' }).click();
    await page.getByRole('heading', { name: 'System Settings' }).waitFor();
    await page.getByLabel('Sender name').fill('Northern Talent Desk');
    await page.getByLabel('Sender address').fill('talent-desk@example.org');
    await page.getByRole('checkbox', { name: /Ask me before sharing my details/ }).check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await successMessage(page, 'System settings saved successfully').waitFor();
    await snap(page, 'admin-system-settings', true);
    await page.reload();
    expect(await page.getByLabel('Sender name').inputValue()).toBe('Northern Talent Desk');
    expect(await page.getByRole('checkbox', { name: /Ask me before sharing my details/ }).isChecked()).toBe(
      true,
    );
  });

  it('the job seeker and the employer switch e-mails off and on in their settings', async () => {
    const seeker = await signedIn(mira, 'job_seeker');
    await seeker.goto(`${shell()}/job-seeker`);
    const seekerSettings = seeker.getByTestId('email-settings');
    await seekerSettings.waitFor();
    const received = seekerSettings.getByRole('checkbox', { name: 'New match request' });
    expect(await received.isChecked()).toBe(true);
    expect(
      await seekerSettings.getByRole('checkbox', { name: 'Account suspended (always sent)' }).isDisabled(),
    ).toBe(true);
    // the switch is controlled: it shows the new state once the optimistic change is in (not at the click)
    await received.click();
    await eventually(async () => !(await received.isChecked()), { what: 'the switch off' });
    await successMessage(seeker, 'E-mail settings updated successfully').waitFor();
    await seeker.reload();
    await seeker.getByTestId('email-settings').waitFor();
    expect(await seeker.getByRole('checkbox', { name: 'New match request' }).isChecked()).toBe(false);
    await snap(seeker, 'job-seeker-email-settings', true);

    const company = await signedIn(employer, 'employer');
    await company.goto(`${shell()}/employer`);
    const settings = company.getByTestId('email-settings');
    await settings.waitFor();
    const verified = settings.getByRole('checkbox', { name: 'Company verified' });
    await verified.click();
    await eventually(async () => !(await verified.isChecked()), { what: 'the switch off' });
    await successMessage(company, 'E-mail settings updated successfully').waitFor();
    await eventually(() => verified.isEnabled(), { what: 'the first change saved' });
    await verified.click();
    // saved: the switch is on and usable again, and a fresh read agrees
    await eventually(async () => (await verified.isChecked()) && (await verified.isEnabled()), {
      what: 'the second change saved',
    });
    const read = await call(`${stack.api}/employer/notifications`, { token: employer.token });
    expect(read.body.preferences.every((p: { enabled: boolean }) => p.enabled)).toBe(true);
  });

  it('the approval reaches the employer with the edited template and the contact note, and the candidate is introduced', async () => {
    const requestId = await seedMatchRequest(stack, employer, mira.candidateId);
    const page = await signedIn(admin, 'admin');
    await page.goto(`${shell()}/admin/requests`);
    await page
      .getByRole('button', { name: `Approve request from Northwind Freight for ${mira.uniqueCode}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel(/Contact note/).fill('Mira is expecting your call on Thursday morning.');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const approval = await eventually(
      async () =>
        (await inbox.to(employer.email)).find((mail) =>
          mail.subject.includes(`${mira.uniqueCode} is approved`),
        ),
      { what: 'the approval e-mail', timeoutMs: 30000, intervalMs: 500 },
    );
    expect(approval.subject).toBe(`Good news from Northern Talent Desk: ${mira.uniqueCode} is approved`);
    expect(approval.from).toEqual({ name: 'Northern Talent Desk', address: 'talent-desk@example.org' });
    expect(approval.text).toContain('Mira is expecting your call on Thursday morning.');
    expect(approval.text).toContain('Reply to this e-mail if anything is unclear.');
    expect(approval.text).not.toContain('Lindqvist');
    // the candidate turned new requests off, not introductions
    const introduced = await inbox.waitFor(mira.email, 1, 30000);
    expect(introduced.map((mail) => mail.subject)).toEqual(['You have been introduced to Northwind Freight']);
    expect(
      (await call(`${stack.api}/employer/requests`, { token: employer.token })).body.requests[0].id,
    ).toBe(requestId);
  });
});
