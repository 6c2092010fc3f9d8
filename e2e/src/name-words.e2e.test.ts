import { jobSeekerMessages, ZCandidateDetailAnswer } from '@meritmatch/contracts';
import {
  call,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  type TestAccount,
} from '@meritmatch/testkit';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, sessionOf, snap, storeSession } from './support/browser';
import { startProduct } from './support/stack';

/**
 * Your name where employers see it: names of things hide the full name
 * only, so Florence Marlowe who adds the skill "Marlowe scripting" and an experience at
 * "Florence Labs" is warned while typing, asked once on saving, and sees the words marked under
 * "What employers see"; an employer's view of the candidate shows them as typed.
 */
describe('words of the name where employers see them', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let candidate: SeededCandidate;
  let employer: TestAccount;
  const shell = () => stack.url('shell');

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    employer = await seedEmployer(stack);
    candidate = await seedCandidate(stack, { fullName: 'Florence Marlowe', location: 'Lisbon, Portugal' });
    ({ page, context } = await newPage(browser));
    await storeSession(page, shell(), sessionOf(candidate));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  const warning = (text: string) => page.getByRole('status').filter({ hasText: text });
  const dialog = () => page.getByRole('alertdialog');
  const isFocused = (field: Locator) => field.evaluate((element) => element === document.activeElement);
  const successMessage = (text: string) =>
    page.locator('.form-message--success').filter({ hasText: text }).waitFor();

  it('warns under a skill holding a word of the name, and asks once before saving it', async () => {
    await page.goto(`${shell()}/job-seeker/skills`);
    const skill = page.getByLabel('Skill 1', { exact: true });
    await skill.fill('Marlowe scripting');
    const said = warning('"Marlowe" is part of your name. Employers will see it here.');
    await said.waitFor();
    // read with the field too, not only announced
    const warningId = await said.locator('p').getAttribute('id');
    expect(await skill.getAttribute('aria-describedby')).toContain(warningId);
    await snap(page, 'name-words-skill-warning');

    await page.getByRole('button', { name: 'Save skills' }).click();
    await expect.poll(() => dialog().textContent()).toContain('Employers will see part of your name');
    expect(await dialog().textContent()).toContain(
      '"Marlowe" in Skill 1 is part of your name, and employers will see it.',
    );
    await snap(page, 'name-words-confirm');
    await dialog().getByRole('button', { name: 'Go back and edit' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => isFocused(skill)).toBe(true);
    expect(await skill.inputValue()).toBe('Marlowe scripting');

    await page.getByRole('button', { name: 'Save skills' }).click();
    await dialog().getByRole('button', { name: 'Save anyway' }).click();
    await successMessage(jobSeekerMessages.skillsAdded);
    await expect
      .poll(() => page.getByRole('list', { name: 'Your skills' }).textContent())
      .toContain('Marlowe scripting');
  });

  it('warns under a company holding a word of the name, and saves it when told to', async () => {
    await page
      .getByRole('navigation', { name: 'Profile Builder' })
      .getByRole('link', { name: 'Experience' })
      .click();
    await page.waitForURL(`${shell()}/job-seeker/experience`);
    await page.getByLabel('Company name').fill('Florence Labs');
    await warning('"Florence" is part of your name. Employers will see it here.').waitFor();
    await page.getByLabel('Position').fill('Lab Technician');
    await page.getByLabel('Start date').fill('2020-02-01');
    await page.getByRole('button', { name: 'Add experience' }).click();
    await expect
      .poll(() => dialog().textContent())
      .toContain('"Florence" in Company name is part of your name, and employers will see it.');
    await dialog().getByRole('button', { name: 'Save anyway' }).click();
    await successMessage(jobSeekerMessages.experienceAdded);
  });

  it('marks the words under "What employers see" and lists the company the preview does not show', async () => {
    await page
      .getByRole('navigation', { name: 'Profile Builder' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await page.waitForURL(`${shell()}/job-seeker`);
    const preview = page.getByTestId('employer-preview');
    await expect
      .poll(() => preview.locator('mark').allTextContents())
      .toEqual(['Marlowe (part of your name)']);
    const notice = page.getByTestId('name-words');
    const said = (await notice.textContent()) ?? '';
    expect(said).toContain('Highlighted words are part of your name, and employers see them.');
    expect(said).toContain('Your name appears in:');
    expect(await notice.getByRole('listitem').allTextContents()).toEqual([
      'Experience — company "Florence (part of your name) Labs"',
    ]);
    expect(await notice.locator('mark').allTextContents()).toEqual(['Florence (part of your name)']);
    await snap(page, 'name-words-preview', true);

    await notice.getByRole('link', { name: 'Experience — company' }).click();
    await page.waitForURL(`${shell()}/job-seeker/experience`);
  });

  it('shows employers the words as typed, as the warnings said', async () => {
    const detail = await eventually(
      async () => {
        const answer = await call(`${stack.api}/employer/candidate/${candidate.candidateId}`, {
          token: employer.token,
        });
        if (answer.status !== 200) return undefined;
        const { candidate: shown } = ZCandidateDetailAnswer.parse(answer.body);
        return shown.skills.length > 0 && shown.experiences.length > 0 ? shown : undefined;
      },
      { what: "the candidate's skill and experience in the employer's view", timeoutMs: 30000 },
    );
    expect(detail.skills.map((skill) => skill.name)).toEqual(['Marlowe scripting']);
    expect(detail.experiences.map((experience) => experience.company_name)).toEqual(['Florence Labs']);
  });
});
