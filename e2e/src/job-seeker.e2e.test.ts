import {
  ageOn,
  confirmations,
  freshGraduateText,
  jobSeekerMessages,
  latestBirthDate,
  noSkillMessage,
  preferencesTexts,
  underAgeMessage,
} from '@meritmatch/contracts';
import { call, registerAccount, type Stack, type TestAccount } from '@meritmatch/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, phone, sessionOf, snap, storeSession } from './support/browser';
import { startProduct } from './support/stack';

const sections = ['profile', 'experience', 'education', 'skills', 'certifications'] as const;
const complete = "Profile Complete! You're ready to be discovered by employers.";

/** One new job seeker builds a whole profile, section by section, in one browser page. */
describe('the job seeker dashboard', () => {
  let stack: Stack;
  let browser: Browser;
  let account: TestAccount;
  let context: BrowserContext;
  let page: Page;
  const shell = () => stack.url('shell');

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    account = await registerAccount(stack, 'job_seeker');
    ({ page, context } = await newPage(browser));
    await storeSession(page, shell(), sessionOf(account, 'job_seeker'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  const percentage = () => page.getByTestId('completion-percentage').textContent();
  const dots = () =>
    Promise.all(sections.map((key) => page.getByTestId(`dot-${key}`).getAttribute('data-complete')));
  const menu = () => page.getByRole('navigation', { name: 'Profile Builder' });
  const visible = (text: string) => page.getByText(text, { exact: true }).first().isVisible();
  const openSection = async (name: string, path: string) => {
    await menu().getByRole('link', { name }).click();
    await page.waitForURL(`${shell()}${path}`);
    await expect.poll(() => menu().getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
  };
  /** Answers the confirmation: checks its exact text, then presses Delete. */
  const confirmDelete = async (text: string) => {
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain(text);
    await snap(page, 'job-seeker-confirm-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  };

  it('shows the creation form with an empty meter, and refuses an under-16 birth date', async () => {
    await page.goto(`${shell()}/job-seeker`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Job Seeker Dashboard');
    await page.getByLabel('Full name').waitFor();
    expect(await percentage()).toBe('0%');
    expect(await dots()).toEqual(['false', 'false', 'false', 'false', 'false']);
    expect(await visible('Complete more sections to improve your profile strength and visibility.')).toBe(
      true,
    );
    expect(await page.getByLabel('Date of birth').getAttribute('max')).toBe(latestBirthDate());
    const genders = await page.getByLabel('Gender').locator('option').allTextContents();
    expect(genders).toEqual(['Not specified', 'Male', 'Female', 'Non-binary', 'Prefer not to say', 'Other']);

    const tooYoung = new Date(Date.now() - 10 * 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel('Date of birth').fill(tooYoung);
    await expect.poll(() => visible(underAgeMessage)).toBe(true);
    await expect.poll(() => visible(`Age: ${ageOn(tooYoung, new Date())}`)).toBe(true);
    await snap(page, 'job-seeker-create-under-age');

    // the server refuses it too
    const refused = await call(`${stack.api}/job-seeker/profile`, {
      token: account.token,
      body: { fullName: 'Too Young', location: 'Porto', dateOfBirth: tooYoung },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(underAgeMessage);
  });

  it('creates the profile and shows the anonymous code with the privacy notice', async () => {
    await page.getByLabel('Full name').fill('Ana Ribeiro');
    await page.getByLabel('Phone').fill('+351 912 345 678');
    await page.getByLabel('Location').fill('Porto, Portugal');
    await page.getByLabel('Date of birth').fill('1998-05-14');
    await expect.poll(() => visible(`Age: ${ageOn('1998-05-14', new Date())}`)).toBe(true);
    expect(await page.getByText(underAgeMessage).count()).toBe(0);
    await page.getByLabel('Gender').selectOption('female');
    await snap(page, 'job-seeker-create-form');
    await page.getByRole('button', { name: 'Create Profile' }).click();

    await expect.poll(() => visible(jobSeekerMessages.profileCreated)).toBe(true);
    const code = (await page.getByTestId('unique-code').textContent()) ?? '';
    expect(code).toMatch(/^EM\d{6}$/);
    const notice = await page.getByTestId('privacy-notice').textContent();
    expect(notice).toContain('never shared with employers');
    expect(notice).toContain(code);
    const details = await page.getByTestId('personal-details').textContent();
    expect(details).toContain('Ana Ribeiro');
    expect(details).toContain(account.email);
    expect(await page.getByTestId('employer-preview').textContent()).not.toContain('Ana Ribeiro');
    await expect.poll(percentage).toBe('20%');
    expect(await dots()).toEqual(['true', 'false', 'false', 'false', 'false']);
    await snap(page, 'job-seeker-profile-created', true);
  });

  it('edits the personal details in the same form, filled in', async () => {
    await page.getByRole('button', { name: 'Edit personal details' }).click();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Ana Ribeiro');
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('1998-05-14');
    expect(await page.getByLabel('Gender').inputValue()).toBe('female');
    await page.getByLabel('Location').fill('Lisbon, Portugal');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => visible(jobSeekerMessages.profileUpdated)).toBe(true);
    expect(await page.getByTestId('personal-details').textContent()).toContain('Lisbon, Portugal');
  });

  it('adds, edits and deletes experience; Fresh Graduate hides the form', async () => {
    await openSection('Experience', '/job-seeker/experience');
    await page.getByText('No experience added yet').waitFor();

    // a required field left empty is refused on the spot
    await page.getByRole('button', { name: 'Add experience' }).click();
    await expect.poll(() => visible('Company name is required')).toBe(true);

    await page.getByLabel('Company name').fill('Acme Logistics');
    await page.getByLabel('Position').fill('Junior Developer');
    await page.getByLabel('Start date').fill('2021-03-01');
    await page.getByLabel('End date').fill('2022-01-31');
    await page.getByLabel('I currently work here').check();
    expect(await page.getByLabel('End date').isDisabled()).toBe(true);
    await page.getByLabel('Description').fill('Built the route planning tools.');
    await page.getByRole('textbox', { name: 'Skills used' }).fill('TypeScript, React , , SQL');
    await page.getByRole('button', { name: 'Add experience' }).click();
    await expect.poll(() => visible(jobSeekerMessages.experienceAdded)).toBe(true);
    const list = page.getByRole('list', { name: 'Experience' });
    await expect.poll(() => list.textContent()).toContain('Junior Developer');
    expect(await list.textContent()).toContain('Present');
    expect(await page.getByRole('list', { name: 'Skills used at Acme Logistics' }).textContent()).toBe(
      'TypeScriptReactSQL',
    );
    await expect.poll(percentage).toBe('40%');
    expect(await page.getByTestId('dot-experience').getAttribute('data-complete')).toBe('true');

    // edit: the form is filled with the entry; Cancel puts it back in add mode
    await page.getByRole('button', { name: 'Edit experience at Acme Logistics' }).click();
    await page.getByRole('heading', { name: 'Edit experience' }).waitFor();
    expect(await page.getByLabel('Company name').inputValue()).toBe('Acme Logistics');
    expect(await page.getByLabel('I currently work here').isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Skills used' }).inputValue()).toBe(
      'TypeScript, React, SQL',
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Add experience' }).waitFor();
    expect(await page.getByLabel('Company name').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Edit experience at Acme Logistics' }).click();
    await page.getByLabel('Position').fill('Software Developer');
    await snap(page, 'job-seeker-experience-edit', true);
    await page.getByRole('button', { name: 'Update experience' }).click();
    await expect.poll(() => visible(jobSeekerMessages.experienceUpdated)).toBe(true);
    await expect.poll(() => list.textContent()).toContain('Software Developer');
    await page.getByRole('heading', { name: 'Add experience' }).waitFor();

    // a second one, then delete it after confirming
    await page.getByLabel('Experience type').selectOption('internship');
    await page.getByLabel('Company name').fill('Old Corp');
    await page.getByLabel('Position').fill('Intern');
    await page.getByLabel('Start date').fill('2019-06-01');
    await page.getByLabel('End date').fill('2019-09-30');
    await page.getByRole('button', { name: 'Add experience' }).click();
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'Old Corp' }).count()).toBe(1);
    // Cancel in the confirmation keeps it
    await page.getByRole('button', { name: 'Delete experience at Old Corp' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    expect(await list.textContent()).toContain('Old Corp');
    await page.getByRole('button', { name: 'Delete experience at Old Corp' }).click();
    await confirmDelete(confirmations.experience);
    await expect.poll(() => visible(jobSeekerMessages.experienceDeleted)).toBe(true);
    await expect.poll(() => list.textContent()).not.toContain('Old Corp');
    await snap(page, 'job-seeker-experience', true);

    await page.getByLabel('Experience type').selectOption({ label: 'Fresh Graduate' });
    await expect.poll(() => visible(freshGraduateText)).toBe(true);
    expect(await page.getByLabel('Company name').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add experience' }).count()).toBe(0);
    await snap(page, 'job-seeker-fresh-graduate');
  });

  it('adds and edits education, with the GPA shown out of 4.0', async () => {
    await openSection('Education', '/job-seeker/education');
    await page.getByText('No education added yet').waitFor();
    const degrees = await page.getByLabel('Degree').locator('option').allTextContents();
    expect(degrees).toHaveLength(9);
    const year = page.getByLabel('Graduation year');
    expect(await year.getAttribute('min')).toBe('1950');
    expect(await year.getAttribute('max')).toBe(String(new Date().getUTCFullYear() + 6));

    await page.getByLabel('Institution').fill('University of Porto');
    await page.getByLabel('Degree').selectOption("Bachelor's Degree");
    await page.getByLabel('Field of study').fill('Computer Science');
    await year.fill('1949');
    await page.getByRole('button', { name: 'Add education' }).click();
    await expect.poll(() => visible('Graduation year must be 1950 or later')).toBe(true);
    await year.fill('2020');
    await page.getByLabel('GPA').fill('3.7');
    await page.getByRole('button', { name: 'Add education' }).click();
    await expect.poll(() => visible(jobSeekerMessages.educationAdded)).toBe(true);
    const list = page.getByRole('list', { name: 'Education' });
    await expect.poll(() => list.textContent()).toContain('GPA 3.70/4.0');
    expect(await list.textContent()).toContain("Bachelor's Degree in Computer Science");
    await expect.poll(percentage).toBe('60%');

    await page.getByRole('button', { name: 'Edit education at University of Porto' }).click();
    expect(await page.getByLabel('GPA').inputValue()).toBe('3.7');
    await page.getByLabel('GPA').fill('');
    await page.getByRole('button', { name: 'Update education' }).click();
    await expect.poll(() => visible(jobSeekerMessages.educationUpdated)).toBe(true);
    await expect.poll(() => list.textContent()).not.toContain('GPA');
    await snap(page, 'job-seeker-education', true);
  });

  it('adds skills from rows and suggestions, and deletes one', async () => {
    await openSection('Skills', '/job-seeker/skills');
    await page.getByText('No skills added yet').waitFor();
    const categories = page.getByTestId('skill-suggestions').getByRole('group', { name: 'Categories' });
    expect(await categories.getByRole('button').allTextContents()).toEqual([
      'Programming',
      'Engineering',
      'Healthcare',
      'IT Systems',
      'Data & Analytics',
      'Design & Creative',
      'Business Software',
      'Soft Skills',
      'Languages',
      'Industry Specific',
    ]);

    // nothing named: refused
    expect(await page.getByRole('button', { name: /^Remove skill row/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save skills' }).click();
    await expect.poll(() => visible(noSkillMessage)).toBe(true);

    // a suggestion fills the first blank row, the next one appends a row
    await page.getByRole('button', { name: 'TypeScript', exact: true }).click();
    expect(await page.getByLabel('Skill 1', { exact: true }).inputValue()).toBe('TypeScript');
    await expect.poll(() => page.getByText(noSkillMessage).count()).toBe(0);
    await categories.getByRole('button', { name: 'Soft Skills' }).click();
    await page.getByRole('button', { name: 'Teamwork', exact: true }).click();
    expect(await page.getByLabel('Skill 2', { exact: true }).inputValue()).toBe('Teamwork');
    expect(await page.getByRole('button', { name: 'Teamwork' }).isDisabled()).toBe(true);
    await page.getByLabel('Level of skill 1').selectOption('advanced');
    await page.getByRole('button', { name: 'Add another skill' }).click();
    // typing offers the skills vocabulary's names, by any of their names ("js" is JavaScript)
    await page.getByLabel('Skill 3', { exact: true }).pressSequentially('js');
    await expect
      .poll(() =>
        page
          .getByTestId('skill-vocabulary')
          .locator('option')
          .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value)),
      )
      .toContain('JavaScript');
    await page.getByLabel('Skill 3', { exact: true }).fill('Forklift Operation');
    await page.getByRole('button', { name: 'Add another skill' }).click(); // left blank: dropped
    expect(await page.getByLabel('Level of skill 4').inputValue()).toBe('intermediate');
    await snap(page, 'job-seeker-skills-form', true);
    await page.getByRole('button', { name: 'Save skills' }).click();
    await expect.poll(() => visible(jobSeekerMessages.skillsAdded)).toBe(true);
    const chips = page.getByRole('list', { name: 'Your skills' });
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(3);
    expect(await chips.textContent()).toContain('TypeScriptAdvanced');
    await expect.poll(percentage).toBe('80%');
    expect(await visible('Almost there! Complete remaining sections to maximize your visibility.')).toBe(
      true,
    );
    // the form is back to one blank row
    expect(await page.getByLabel('Skill 2', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Delete skill Forklift Operation' }).click();
    await confirmDelete(confirmations.skill);
    await expect.poll(() => visible(jobSeekerMessages.skillDeleted)).toBe(true);
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(2);
    await snap(page, 'job-seeker-skills', true);
  });

  it('adds and edits a certification and reaches 100%', async () => {
    await openSection('Certifications', '/job-seeker/certifications');
    await page.getByText('No certifications added yet').waitFor();
    await page.getByLabel('Certification name').fill('AWS Certified Cloud Practitioner');
    await page.getByLabel('Issuer').fill('Amazon Web Services');
    await page.getByLabel('Issue date').fill('2023-02-10');
    await page.getByLabel('Credential URL').fill('not a link');
    await page.getByRole('button', { name: 'Add certification' }).click();
    await expect.poll(() => visible('Credential URL must be a web address (https://…)')).toBe(true);
    await page.getByLabel('Credential URL').fill('https://example.com/verify/ABC-123');
    await page.getByLabel('Credential ID').fill('ABC-123');
    await page.getByRole('button', { name: 'Add certification' }).click();
    await expect.poll(() => visible(jobSeekerMessages.certificationAdded)).toBe(true);
    await expect.poll(percentage).toBe('100%');
    expect(await visible(complete)).toBe(true);
    expect(await dots()).toEqual(['true', 'true', 'true', 'true', 'true']);
    expect(await page.locator('.meter__fill').getAttribute('class')).toContain('tone-green');

    await page.getByRole('button', { name: 'Edit certification AWS Certified Cloud Practitioner' }).click();
    expect(await page.getByLabel('Credential ID').inputValue()).toBe('ABC-123');
    await page.getByLabel('Expiry date').fill('2026-02-10');
    await page.getByRole('button', { name: 'Update certification' }).click();
    await expect.poll(() => visible(jobSeekerMessages.certificationUpdated)).toBe(true);
    const list = page.getByRole('list', { name: 'Certifications' });
    await expect.poll(() => list.textContent()).toContain('Expires Feb 2026');
    await snap(page, 'job-seeker-complete', true);

    // the profile view now shows what employers see
    await openSection('Profile', '/job-seeker');
    const preview = await page.getByTestId('employer-preview').textContent();
    expect(preview).toContain('TypeScript');
    expect(preview).toContain('1 experience entry');
  });

  it('deleting the last certification drops the meter back to 80%', async () => {
    await openSection('Certifications', '/job-seeker/certifications');
    await page.getByRole('button', { name: 'Delete certification AWS Certified Cloud Practitioner' }).click();
    await confirmDelete(confirmations.certification);
    await expect.poll(() => visible(jobSeekerMessages.certificationDeleted)).toBe(true);
    await expect.poll(percentage).toBe('80%');
    expect(await page.getByTestId('dot-certifications').getAttribute('data-complete')).toBe('false');
  });

  it('keeps private job preferences, which no completion dot counts', async () => {
    await openSection('Job preferences', '/job-seeker/preferences');
    await page.getByText(preferencesTexts.privacy).waitFor();
    await page.getByLabel('Remote').check();
    await page.getByLabel('Hybrid').check();
    await page.getByLabel(preferencesTexts.countries).fill('Portugal');
    await page.getByRole('button', { name: 'Add country' }).click();
    await page.getByRole('list', { name: 'Chosen countries' }).getByText('Portugal').waitFor();
    await page.getByLabel(preferencesTexts.noticeWeeks).fill('4');
    await page.getByLabel('Amount per year').fill('55000');
    await page.getByLabel(preferencesTexts.currency).selectOption('EUR');
    await page.getByRole('button', { name: preferencesTexts.save }).click();
    await expect.poll(() => visible(preferencesTexts.saved)).toBe(true);
    await snap(page, 'job-seeker-preferences', true);
    const saved = await call(`${stack.api}/job-seeker/preferences`, { token: account.token });
    expect(saved.body.preferences).toEqual({
      workModes: ['hybrid', 'remote'],
      countries: ['PT'],
      noticeWeeks: 4,
      minimumSalary: { amount: 55000, currency: 'EUR' },
    });
    // after a reload the form holds them
    await page.reload();
    await expect.poll(() => page.getByLabel('Amount per year').inputValue()).toBe('55000');
    expect(await page.getByLabel('Remote').isChecked()).toBe(true);
    expect(await percentage()).toBe('80%');
  });

  it('fits a phone screen', async () => {
    const small = await newPage(browser, phone);
    try {
      await storeSession(small.page, shell(), sessionOf(account, 'job_seeker'));
      for (const [path, name] of [
        ['/job-seeker', 'profile'],
        ['/job-seeker/experience', 'experience'],
        ['/job-seeker/skills', 'skills'],
      ] as const) {
        await small.page.goto(`${shell()}${path}`);
        await small.page.getByTestId('completion-percentage').waitFor();
        await small.page.locator('.area__main .card').first().waitFor();
        const width = await small.page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `no sideways scrolling on ${path}`).toBeLessThanOrEqual(phone.width);
        await snap(small.page, `job-seeker-phone-${name}`, true);
      }
    } finally {
      await small.context.close();
    }
  });

  it('shows an error with a retry when the profile cannot be loaded', async () => {
    await stack.stop('profile');
    let restarted = false;
    const other = await newPage(browser);
    try {
      await storeSession(other.page, shell(), sessionOf(account, 'job_seeker'));
      await other.page.goto(`${shell()}/job-seeker`);
      await other.page.getByText('Your profile could not be loaded.').waitFor({ timeout: 30000 });
      await snap(other.page, 'job-seeker-load-error');
      await stack.start('profile');
      restarted = true;
      await other.page.getByRole('button', { name: 'Try again' }).click();
      await other.page.getByTestId('unique-code').waitFor({ timeout: 30000 });
    } finally {
      if (!restarted) await stack.start('profile');
      await other.context.close();
    }
  });
});
