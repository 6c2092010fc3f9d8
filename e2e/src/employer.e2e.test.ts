import {
  ageBandOf,
  duplicateRequestMessage,
  educationFilterLabels,
  employerMessages,
  experienceFilterLabels,
  locationNotShown,
} from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  registerAccount,
  type Stack,
  seedCandidate,
  seedEmployer,
  signIn,
  type TestAccount,
} from '@meritmatch/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  phone,
  scriptsLoadedBy,
  sessionOf,
  snap,
  storedSession,
  storeSession,
} from './support/browser';
import { startProduct } from './support/stack';

type Seeker = { account: TestAccount; fullName: string; code: string };

const monthsAgo = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
};

/** Three job seekers, built through the API: a senior with seven skills, a junior, a school leaver. */
const seekerPlans = [
  {
    fullName: 'Ava Senior-Hidden',
    location: 'Lisbon, Portugal',
    gender: 'female',
    skills: [
      ['React', 'expert'],
      ['TypeScript', 'advanced'],
      ['Node.js', 'intermediate'],
      ['GraphQL', 'advanced'],
      ['CSS', 'expert'],
      ['Docker', 'beginner'],
      ['Kubernetes', 'intermediate'],
    ],
    experiences: [
      {
        companyName: 'Acme Software',
        position: 'Senior Frontend Engineer',
        startDate: '2015-01-12',
        isCurrent: true,
        experienceType: 'professional',
        description: 'Leads the design system and the web platform.',
      },
    ],
    education: [
      {
        institution: 'University of Lisbon',
        degree: "Master's Degree",
        fieldOfStudy: 'Computer Science',
        graduationYear: 2014,
        gpa: 3.7,
      },
    ],
    certifications: [
      { name: 'AWS Solutions Architect', issuer: 'Amazon Web Services', issueDate: '2022-05-10' },
    ],
  },
  {
    fullName: 'Ben Junior-Hidden',
    location: 'Porto, Portugal',
    skills: [
      ['React', 'intermediate'],
      ['Python', 'advanced'],
    ],
    experiences: [
      {
        companyName: 'Startup Lda',
        position: 'Junior Developer',
        startDate: monthsAgo(14),
        isCurrent: true,
        experienceType: 'professional',
      },
    ],
    education: [{ institution: 'University of Porto', degree: "Bachelor's Degree", graduationYear: 2023 }],
    certifications: [],
  },
  {
    fullName: 'Cleo School-Hidden',
    location: 'Berlin, Germany',
    skills: [
      ['Java', 'beginner'],
      ['Spring', 'beginner'],
    ],
    experiences: [],
    education: [{ institution: 'Berlin Gymnasium', degree: 'High School Diploma' }],
    certifications: [],
  },
] as const;

/** One new employer goes from sign-up to a verified dashboard, searches, requests and unmatches. */
describe('the employer area', () => {
  let stack: Stack;
  let browser: Browser;
  let employer: TestAccount;
  let adminToken: string;
  let context: BrowserContext;
  let page: Page;
  const seekers: Seeker[] = [];
  const shell = () => stack.url('shell');

  const seed = async (plan: (typeof seekerPlans)[number]): Promise<Seeker> => {
    const account = await registerAccount(stack, 'job_seeker');
    const post = async (path: string, body: unknown) => {
      const answer = await call(`${stack.api}/job-seeker/${path}`, { token: account.token, body });
      if (answer.status !== 201) throw new Error(`seeding ${path}: ${answer.status} ${answer.text}`);
      return answer.body;
    };
    const created = await post('profile', {
      fullName: plan.fullName,
      location: plan.location,
      dateOfBirth: '1990-01-01',
      ...('gender' in plan ? { gender: plan.gender } : {}),
    });
    await post('skills', {
      skills: plan.skills.map(([name, proficiencyLevel]) => ({ name, proficiencyLevel })),
    });
    for (const experience of plan.experiences) await post('experience', experience);
    for (const education of plan.education) await post('education', education);
    for (const certification of plan.certifications) await post('certifications', certification);
    return { account, fullName: plan.fullName, code: created.profile.unique_code };
  };

  const verify = (account: TestAccount, verified = true) =>
    call(`${stack.url('profile')}/internal/employers/${account.id}/verification`, {
      method: 'PUT',
      token: adminToken,
      body: { verified },
    });

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    adminToken = (await adminAccount(stack)).token;
    for (const plan of seekerPlans) seekers.push(await seed(plan));
    employer = await registerAccount(stack, 'employer');
    ({ page, context } = await newPage(browser));
    await storeSession(page, shell(), sessionOf(employer, 'employer'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  const main = () => page.getByRole('main');
  const visible = (text: string) => page.getByText(text, { exact: true }).first().isVisible();
  const cards = () => page.getByTestId('candidate-card');
  const cardOf = (code: string) => cards().filter({ has: page.getByRole('heading', { name: code }) });
  const seeker = (index: number) => seekers[index]!;
  const menu = () => page.getByRole('navigation', { name: 'Employer menu' });
  const search = async (filters: {
    skills?: string;
    location?: string;
    experience?: string;
    education?: string;
  }) => {
    await page.getByLabel('Skills', { exact: true }).fill(filters.skills ?? '');
    await page.getByLabel('Location', { exact: true }).fill(filters.location ?? '');
    await page.getByLabel('Experience', { exact: true }).selectOption(filters.experience ?? 'all');
    await page.getByLabel('Education', { exact: true }).selectOption(filters.education ?? 'all');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
  };
  const shownCodes = async () => (await cards().getByRole('heading').allTextContents()).sort();

  it('shows the welcome and the creation form, checks it, then saves and reloads into the pending screen', async () => {
    await page.goto(`${shell()}/employer`);
    await page.getByRole('heading', { name: 'Create Company Profile' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Welcome to MeritMatch for Employers',
    );
    const industries = await page.getByLabel('Industry').locator('option').allTextContents();
    expect(industries).toEqual([
      'Select an industry',
      'Technology',
      'Finance',
      'Healthcare',
      'Manufacturing',
      'Retail',
      'Education',
      'Construction',
      'Consulting',
      'Other',
    ]);
    const sizes = await page
      .getByLabel('Company Size')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(sizes).toEqual(['', '1-10', '11-50', '51-200', '201-500', '501-1000', '1001+']);
    expect(await visible('Optional. https:// is added automatically.')).toBe(true);

    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect.poll(() => visible('Company name is required')).toBe(true);
    expect(await visible('Please choose an industry')).toBe(true);
    expect(await visible('Please choose a company size')).toBe(true);
    expect(await visible('Company description is required')).toBe(true);
    expect(await page.getByLabel('Company Name').getAttribute('aria-invalid')).toBe('true');
    await snap(page, 'employer-create-errors', true);

    await page.getByLabel('Company Name').fill('Northwind Labs');
    await page.getByLabel('Industry').selectOption('Technology');
    await page.getByLabel('Company Size').selectOption('11-50');
    await page.getByLabel('Website (optional)').fill('not a website');
    await page.getByLabel('Company Description').fill('We build tools for logistics teams.\nRemote first.');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect
      .poll(() => visible('Please enter a valid website address, for example www.example.com'))
      .toBe(true);
    await page.getByLabel('Website (optional)').fill('www.northwind-labs.com');

    // hold the answer a moment to see the busy text
    await page.route('**/api/employer/profile', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.getByRole('button', { name: 'Creating Profile...' }).waitFor();
    await page.getByRole('status').filter({ hasText: employerMessages.profileCreated }).waitFor();
    await snap(page, 'employer-created');
    await page.unroute('**/api/employer/profile');

    // the page reloads by itself two seconds later
    await page.getByRole('heading', { name: 'Account Pending Verification' }).waitFor({ timeout: 10000 });
    const text = await main().textContent();
    expect(text).toContain('Your account is under admin review.');
    expect(text).toContain('Verification typically takes 24-48 hours.');
    expect(text).toContain('An admin reviews your company profile.');
    expect(text).toContain('You receive an e-mail as soon as your account is approved.');
    expect(text).toContain('Candidate search and match requests are then enabled for your account.');
    expect(text).toContain('Northwind Labs');
    await snap(page, 'employer-pending', true);
  });

  it('checks the status by reloading, and logs out from the pending screen', async () => {
    const reloaded = page.waitForEvent('load');
    await main().getByRole('button', { name: 'Check Status' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Account Pending Verification' }).waitFor();

    await main().getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${shell()}/login`);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    // the logout ended the session on the server too: the old token is refused everywhere
    await eventually(
      async () => (await call(`${stack.api}/employer/profile`, { token: employer.token })).status === 401,
      { what: 'the signed-out token refused', timeoutMs: 5000 },
    );
    const again = await signIn(stack, employer.email, employer.password);
    expect(again.status).toBe(200);
    employer = { ...employer, token: again.body.token };
    await storeSession(page, shell(), sessionOf(employer, 'employer'));
  });

  it('opens the dashboard once an admin verified the employer, and edits the company profile', async () => {
    expect((await verify(employer)).status).toBe(200);
    await page.goto(`${shell()}/employer`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15000 })
      .toBe('Employer Dashboard');
    expect(await visible('Verified Account')).toBe(true);
    expect(await menu().getByRole('link').allTextContents()).toEqual([
      'Company Profile',
      'Search Candidates',
      'Saved Searches',
      'Positions',
      'Match Requests',
    ]);
    await expect
      .poll(() => menu().getByRole('link', { name: 'Company Profile' }).getAttribute('aria-current'))
      .toBe('page');
    const details = page.getByTestId('company-profile');
    expect(await details.textContent()).toContain('11-50 employees');
    expect(await details.getByRole('link').getAttribute('href')).toBe('https://www.northwind-labs.com');
    await snap(page, 'employer-dashboard', true);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect.poll(() => page.getByLabel('Company Name').inputValue()).toBe('Northwind Labs');
    expect(await page.getByLabel('Company Size').inputValue()).toBe('11-50');
    expect(await page.getByLabel('Website (optional)').inputValue()).toBe('https://www.northwind-labs.com');
    await page.getByLabel('Company Size').selectOption('51-200');
    await page.getByLabel('Company Name').fill('Northwind Labs Europe');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Company profile updated successfully!' }).waitFor();
    await expect.poll(() => details.textContent()).toContain('51-200 employees');
    expect(await details.textContent()).toContain('Northwind Labs Europe');
    await snap(page, 'employer-profile-updated');
  });

  it('shows Search Candidates on the click: its code loaded while the dashboard was idle', async () => {
    // a page whose code has not run when it is opened waits on React's 300 ms throttle, a timer:
    // with the page's clock paused once the dashboard is idle, it would never show
    const tab = await newPage(browser);
    await storeSession(tab.page, shell(), sessionOf(await seedEmployer(stack), 'employer'));
    // the chunks the area loads after its entry (its pages and dialogs), by its manifest
    const remote = stack.url('employer');
    const manifest = (await (await fetch(`${remote}/mf-manifest.json`)).json()) as {
      exposes: { path: string; assets: { js: { async: string[] } } }[];
    };
    const later = manifest.exposes.find((expose) => expose.path === './App')?.assets.js.async ?? [];
    expect(later).not.toHaveLength(0);
    await tab.page.clock.install();
    // the idle preload asks for all its chunks at once: once one has come, the rest are asked
    await scriptsLoadedBy(
      tab.page,
      async () => {
        await tab.page.goto(`${shell()}/employer`);
        await tab.page.getByRole('heading', { name: 'Employer Dashboard' }).waitFor();
      },
      (url) => url.startsWith(remote) && later.some((file) => url.endsWith(file)),
    );
    await tab.page.clock.pauseAt(Date.now() + 1000);
    await tab.page
      .getByRole('navigation', { name: 'Employer menu' })
      .getByRole('link', { name: 'Search Candidates' })
      .click();
    await tab.page.getByRole('heading', { name: 'Search Candidates' }).waitFor({ timeout: 10000 });
    await tab.context.close();
  });

  it('searches the anonymous candidates with filters kept in the URL', async () => {
    // the search index is fed by events: wait until it knows the three job seekers
    await eventually(
      async () => {
        const answer = await call(`${stack.api}/employer/search`, { token: employer.token });
        return answer.status === 200 && answer.body.candidates.length === 3;
      },
      { timeoutMs: 60000, intervalMs: 500, what: 'the three job seekers in the search' },
    );
    await menu().getByRole('link', { name: 'Search Candidates' }).click();
    await page.waitForURL(`${shell()}/employer/search`);
    await expect.poll(() => cards().count()).toBe(3);
    expect(await shownCodes()).toEqual(seekers.map((s) => s.code).sort());
    expect(await page.getByLabel('Skills', { exact: true }).getAttribute('placeholder')).toBe(
      'e.g. React, Node.js',
    );
    expect(await page.getByLabel('Experience').locator('option').allTextContents()).toEqual(
      Object.values(experienceFilterLabels),
    );
    expect(await page.getByLabel('Education').locator('option').allTextContents()).toEqual(
      Object.values(educationFilterLabels),
    );

    // the senior's card: five skills, then '+2 more'; the counts in words
    const senior = cardOf(seeker(0).code);
    expect(await senior.getByRole('listitem').allTextContents()).toEqual([
      'React',
      'TypeScript',
      'Node.js',
      'GraphQL',
      'CSS',
      '+2 more',
    ]);
    expect(await senior.textContent()).toContain('1 experience entry');
    expect(await senior.textContent()).toContain('1 education entry');
    expect(await cardOf(seeker(2).code).textContent()).toContain('0 experience entries');
    for (const s of seekers) expect(await page.getByText(s.fullName).count()).toBe(0);
    await snap(page, 'employer-search', true);

    // a skill by another of its names (the skills vocabulary): Ava typed "Kubernetes"
    await search({ skills: 'k8s' });
    await expect.poll(shownCodes).toEqual([seeker(0).code]);

    await search({ skills: 'react' });
    await page.waitForURL(/skills=react/);
    await expect.poll(shownCodes).toEqual([seeker(0).code, seeker(1).code].sort());
    // ranked: Ava's React is expert, Ben's intermediate; each card says how it fits
    expect(await cards().getByRole('heading').allTextContents()).toEqual([seeker(0).code, seeker(1).code]);
    const fits = await cards().getByTestId('candidate-fit').allTextContents();
    expect(fits[0]).toContain('Strong fit');
    expect(fits[0]).toContain('Matched: React');
    expect(fits[1]).toContain('Good fit');

    await search({ skills: 'react, typescript', location: 'lisbon' });
    await expect.poll(shownCodes).toEqual([seeker(0).code]);
    expect(page.url()).toContain('location=lisbon');

    // a reload keeps the filters, and back returns to the previous search
    await page.reload();
    await expect.poll(() => page.getByLabel('Location', { exact: true }).inputValue()).toBe('lisbon');
    expect(await page.getByLabel('Skills', { exact: true }).inputValue()).toBe('react, typescript');
    await expect.poll(shownCodes).toEqual([seeker(0).code]);
    await page.goBack();
    await expect.poll(() => page.getByLabel('Location', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Skills', { exact: true }).inputValue()).toBe('react');
    await expect.poll(shownCodes).toEqual([seeker(0).code, seeker(1).code].sort());

    await search({ experience: 'senior' });
    await expect.poll(shownCodes).toEqual([seeker(0).code]);
    await search({ experience: 'entry' });
    await expect.poll(shownCodes).toEqual([seeker(1).code, seeker(2).code].sort());
    await search({ education: 'high_school' });
    await expect.poll(shownCodes).toEqual([seeker(2).code]);
    await search({ education: 'master', experience: 'senior' });
    await expect.poll(shownCodes).toEqual([seeker(0).code]);

    await search({ education: 'bachelor', experience: 'senior' });
    await expect.poll(() => visible(employerMessages.noCandidates)).toBe(true);
    expect(await cards().count()).toBe(0);
    await snap(page, 'employer-search-empty');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(`${shell()}/employer/search`);
    await expect.poll(() => cards().count()).toBe(3);
  });

  // three job seekers in three cities: none is alike four others, so the detail shows no place,
  // age or gender (the paging story below shows them for many alike)
  it('shows the anonymous detail of a candidate, and says so when it cannot load', async () => {
    const ava = seeker(0);
    await page.getByRole('button', { name: `View details of ${ava.code}` }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByRole('heading', { level: 2 }).first().textContent())
      .toBe(`Candidate ${ava.code}`);
    await dialog.getByTestId('candidate-detail').waitFor();
    const text = (await dialog.textContent()) ?? '';
    for (const expected of [
      locationNotShown,
      'Gender: Not shown',
      'ReactExpert',
      'TypeScriptAdvanced',
      'DockerBeginner',
      'Senior Frontend Engineer',
      'Acme Software',
      'Jan 2015 – Present',
      'Leads the design system and the web platform.',
      "Master's Degree in Computer Science",
      'University of Lisbon',
      'Graduated 2014',
      'GPA 3.70/4.0',
      'AWS Solutions Architect',
      'Amazon Web Services',
      'Issued 10 May 2022',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain(ava.fullName);
    expect(text).not.toContain(ava.account.email);
    expect(text).not.toContain('1990-01-01');
    expect(text).not.toContain('Lisbon, Portugal');
    expect(await dialog.getByTestId('candidate-age').count()).toBe(0);
    await snap(page, 'employer-detail');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // the school leaver has no experience and no certification
    await page.getByRole('button', { name: `View details of ${seeker(2).code}` }).click();
    await dialog.getByTestId('candidate-detail').waitFor();
    expect(await dialog.textContent()).toContain('No work experience listed.');
    expect(await dialog.textContent()).toContain('No certifications listed.');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    // the matching service is stopped for a moment: a real failure, not a mocked one
    await stack.stop('matching');
    try {
      await page.getByRole('button', { name: `View details of ${seeker(1).code}` }).click();
      await dialog.getByText(employerMessages.detailFailedModal).waitFor();
      await snap(page, 'employer-detail-failed');
      await page.keyboard.press('Escape');
      await page.getByRole('alert').filter({ hasText: employerMessages.detailFailedAlert }).waitFor();
    } finally {
      await stack.start('matching');
    }
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    await expect.poll(() => visible(employerMessages.detailFailedAlert)).toBe(false);
  });

  it('sends match requests, with and without a message, and refuses a second open one', async () => {
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: `Request match with ${seeker(0).code}` }).click();
    await expect
      .poll(() => dialog.getByRole('heading').first().textContent())
      .toBe(`Request Match with ${seeker(0).code}`);
    // the message has the focus: typing goes straight in
    await page.keyboard.type('We are hiring a lead frontend engineer in Lisbon.');
    expect(await dialog.getByLabel('Message (optional)').inputValue()).toBe(
      'We are hiring a lead frontend engineer in Lisbon.',
    );
    expect(await dialog.textContent()).toContain('49/1000 characters');
    await snap(page, 'employer-request-form');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await dialog.getByRole('status').filter({ hasText: employerMessages.requestSent }).waitFor();
    await snap(page, 'employer-request-sent');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    // a second request for the same candidate, from the detail dialog
    await page.getByRole('button', { name: `View details of ${seeker(0).code}` }).click();
    await dialog.getByTestId('candidate-detail').waitFor();
    await dialog.getByRole('button', { name: 'Request Match' }).click();
    await dialog.getByLabel('Message (optional)').waitFor();
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await dialog.getByRole('alert').filter({ hasText: duplicateRequestMessage }).waitFor();
    await snap(page, 'employer-request-duplicate');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Request match with ${seeker(1).code}` }).click();
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await dialog.getByRole('status').filter({ hasText: employerMessages.requestSent }).waitFor();
    await dialog.getByRole('link', { name: 'Match Requests' }).click();
    await page.waitForURL(`${shell()}/employer/requests`);
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('lists the requests with their labels and notes, and unmatches an approved one', async () => {
    const items = page.getByTestId('match-request');
    await expect.poll(() => items.count()).toBe(2);
    const itemOf = (code: string) => items.filter({ has: page.getByRole('heading', { name: code }) });
    expect(await itemOf(seeker(0).code).textContent()).toContain('Pending Review');
    expect(await itemOf(seeker(0).code).textContent()).toContain(
      'We are hiring a lead frontend engineer in Lisbon.',
    );
    expect(await itemOf(seeker(0).code).textContent()).toContain(locationNotShown);
    expect(await itemOf(seeker(1).code).textContent()).toContain('Pending Review');
    expect(await page.getByRole('button', { name: /^Unmatch/ }).count()).toBe(0);

    const { body } = await call(`${stack.api}/employer/requests`, { token: employer.token });
    const idOf = (code: string) =>
      (body.requests as { id: string; candidate_code: string }[]).find((r) => r.candidate_code === code)!.id;
    const decide = async (code: string, decision: Record<string, string>) => {
      const answer = await call(`${stack.url('matching')}/internal/requests/${idOf(code)}`, {
        method: 'PUT',
        token: adminToken,
        body: decision,
      });
      expect(answer.status, answer.text).toBe(200);
    };
    await decide(seeker(0).code, {
      status: 'approved',
      adminNotes: 'We will introduce you by e-mail.',
      contactNote: 'Expect an e-mail from our team.',
    });
    await decide(seeker(1).code, {
      status: 'rejected',
      adminNotes: 'The candidate is not looking right now.',
    });

    await page.reload();
    await expect.poll(() => itemOf(seeker(0).code).locator('.badge').textContent()).toBe('Matched');
    expect(await itemOf(seeker(1).code).locator('.badge').textContent()).toBe('Not Approved');
    const approved = (await itemOf(seeker(0).code).textContent()) ?? '';
    expect(approved).toContain('We will introduce you by e-mail.');
    expect(approved).toContain('Expect an e-mail from our team.');
    expect(approved).toMatch(/Requested on \d{1,2} \w{3,4} \d{4}/);
    expect(await page.getByRole('button', { name: /^Unmatch/ }).count()).toBe(1);
    await snap(page, 'employer-requests', true);

    // cancelling leaves it matched
    await page.getByRole('button', { name: `Unmatch from ${seeker(0).code}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect
      .poll(() => confirm.textContent())
      .toContain('Are you sure you want to unmatch from this candidate? This cannot be undone.');
    await snap(page, 'employer-unmatch-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await itemOf(seeker(0).code).locator('.badge').textContent()).toBe('Matched');

    await page.getByRole('button', { name: `Unmatch from ${seeker(0).code}` }).click();
    await confirm.getByRole('button', { name: 'Unmatch' }).click();
    await page.getByRole('status').filter({ hasText: employerMessages.unmatched }).waitFor();
    await expect.poll(() => itemOf(seeker(0).code).locator('.badge').textContent()).toBe('Unmatched');
    expect(await page.getByRole('button', { name: /^Unmatch/ }).count()).toBe(0);
    await snap(page, 'employer-unmatched');
  });

  it('keeps a position, searches from it, names it in a request, and saves the search with its e-mail', async () => {
    await menu().getByRole('link', { name: 'Positions' }).click();
    await page.waitForURL(`${shell()}/employer/positions`);
    await page.getByText('No positions yet.').waitFor();
    await page.getByRole('button', { name: 'New position' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Frontend lead');
    await dialog.getByLabel('Description').fill('Leads our web team, from anywhere.');
    await dialog.getByLabel('Work mode').selectOption('remote');
    await dialog.getByLabel('Minimum').fill('60000');
    await dialog.getByLabel('Maximum').fill('80000');
    await dialog.getByLabel('Currency').selectOption('EUR');
    await dialog.getByLabel('Must-have skills').fill('React');
    await dialog.getByLabel('Nice-to-have skills').fill('GraphQL, Rust');
    await dialog.getByLabel('Experience level').selectOption('senior');
    await snap(page, 'employer-position-form');
    await dialog.getByRole('button', { name: 'Create position' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const terms = page.getByRole('list', { name: 'Terms of Frontend lead' });
    expect(await terms.textContent()).toContain('€60,000–€80,000 a year');
    await snap(page, 'employer-positions', true);

    // searching from it fills the filters; the senior with React and GraphQL comes first
    await page.getByRole('link', { name: 'Search candidates for Frontend lead' }).click();
    await page.waitForURL(/\/employer\/search\?.*position=/);
    await expect.poll(() => page.getByLabel('Skills', { exact: true }).inputValue()).toBe('React');
    expect(await page.getByLabel('Nice to have', { exact: true }).inputValue()).toBe('GraphQL, Rust');
    const cards = page.getByTestId('candidate-card');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.first().textContent()).toContain(seeker(0).code);
    expect(await cards.first().textContent()).toContain('Missing: Rust');
    await snap(page, 'employer-search-position', true);

    // the request names the position: the candidate sees it with their matching skills
    await page.getByRole('button', { name: `Request match with ${seeker(1).code}` }).click();
    await expect.poll(() => dialog.getByLabel('Position (optional)').inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await dialog.getByRole('status').filter({ hasText: employerMessages.requestSent }).waitFor();
    await page.keyboard.press('Escape');
    const interest = await call(`${stack.api}/job-seeker/interest`, { token: seeker(1).account.token });
    expect(interest.body.requests[0].position).toMatchObject({
      title: 'Frontend lead',
      work_mode: 'remote',
      salary: { min: 60000, max: 80000, currency: 'EUR' },
      matched_skills: ['React'],
    });

    // saved with its daily e-mail, listed on its page
    await page.getByRole('button', { name: 'Save search' }).click();
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe('Frontend lead');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await menu().getByRole('link', { name: 'Saved Searches' }).click();
    await page.waitForURL(`${shell()}/employer/saved-searches`);
    const saved = page.getByText('From position: Frontend lead');
    await saved.waitFor();
    await snap(page, 'employer-saved-searches', true);

    await menu().getByRole('link', { name: 'Match Requests' }).click();
    await page.getByText('Position: Frontend lead').waitFor();
  });

  it('shows the refusal and error states of the search', async () => {
    // revoked: the area falls back to the pending screen, and the API gate answers 403
    await verify(employer, false);
    await eventually(
      async () => (await call(`${stack.api}/employer/search`, { token: employer.token })).status === 403,
      { what: 'the revocation reached matching' },
    );
    try {
      await page.goto(`${shell()}/employer/search`);
      await page.getByRole('heading', { name: 'Account Pending Verification' }).waitFor();
      await snap(page, 'employer-search-refused');
    } finally {
      await verify(employer, true);
    }
    await eventually(
      async () => (await call(`${stack.api}/employer/search`, { token: employer.token })).status === 200,
      { what: 'the verification reached matching' },
    );
    await page.goto(`${shell()}/employer/search`);
    await expect.poll(() => cards().count()).toBe(3);

    // the matching service is down: the gateway answers 503 and the page offers a retry
    await stack.stop('matching');
    try {
      await page.reload();
      await page.getByRole('alert').filter({ hasText: 'Candidates could not be loaded.' }).waitFor();
    } finally {
      await stack.start('matching');
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => cards().count()).toBe(3);
  });

  it('pages through the results when there is more than one page', async () => {
    expect(await page.getByText(/^Page \d+ of \d+$/).count()).toBe(0);
    // twelve more candidates with React make two pages of twelve
    for (let i = 0; i < 12; i++) {
      await seedCandidate(stack, { fullName: `Paging Candidate ${i}`, skills: [{ name: 'React' }] });
    }
    await eventually(
      async () => {
        const answer = await call(`${stack.api}/employer/search?skills=react`, { token: employer.token });
        return answer.status === 200 && answer.body.pagination.totalPages === 2;
      },
      { what: 'two pages of React candidates', timeoutMs: 30000 },
    );
    await page.goto(`${shell()}/employer/search?skills=react`);
    await page.getByText('Page 1 of 2', { exact: true }).waitFor();
    const pager = page.getByRole('navigation', { name: 'Search results pages' });
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await cards().count()).toBe(12);
    await snap(page, 'employer-search-pager', true);
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    expect(page.url()).toContain('skills=react');
    await page.getByText('Page 2 of 2', { exact: true }).waitFor();
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.goBack();
    await page.getByText('Page 1 of 2', { exact: true }).waitFor();

    // thirteen Berliners born in 1990 (the school leaver and the twelve), no gender given: alike
    // enough to show their place and a 5-year age band
    await page.goto(`${shell()}/employer/search?skills=react&location=berlin`);
    await expect.poll(() => cards().count()).toBe(12);
    await cards()
      .first()
      .getByRole('button', { name: /^View details of EM\d{6}$/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('candidate-detail').waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Berlin, Germany');
    expect(await dialog.getByTestId('candidate-age').textContent()).toBe(
      `Age: ${ageBandOf(new Date().getUTCFullYear() - 1990, 5)}`,
    );
    expect(text).toContain('Gender: Not shown');
    await snap(page, 'employer-detail-band');
    await page.keyboard.press('Escape');
  });

  it('fits a phone: creation form, pending screen, empty requests, search and detail', async () => {
    const other = await registerAccount(stack, 'employer');
    const mobile = await newPage(browser, phone);
    const noOverflow = () =>
      mobile.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await storeSession(mobile.page, shell(), sessionOf(other, 'employer'));
    await mobile.page.goto(`${shell()}/employer`);
    await mobile.page.getByRole('heading', { name: 'Create Company Profile' }).waitFor();
    expect(await noOverflow()).toBe(true);
    await snap(mobile.page, 'employer-phone-create', true);

    const created = await call(`${stack.api}/employer/profile`, {
      token: other.token,
      body: {
        companyName: 'Contoso Shipping',
        industry: 'Retail',
        companySize: '1001+',
        description: 'Ships things.',
      },
    });
    expect(created.status, created.text).toBe(201);
    await mobile.page.reload();
    await mobile.page.getByRole('heading', { name: 'Account Pending Verification' }).waitFor();
    expect(await noOverflow()).toBe(true);
    await snap(mobile.page, 'employer-phone-pending', true);

    expect((await verify(other)).status).toBe(200);
    // the matching service learns of the verification through an event
    await eventually(
      async () => (await call(`${stack.api}/employer/search`, { token: other.token })).status === 200,
      { timeoutMs: 30000, intervalMs: 300, what: 'the verification reaching the search' },
    );
    await mobile.page.goto(`${shell()}/employer/requests`);
    await mobile.page.getByText(employerMessages.noRequests, { exact: true }).waitFor({ timeout: 15000 });
    expect(await mobile.page.getByText(employerMessages.noRequestsHint, { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await noOverflow()).toBe(true);
    await snap(mobile.page, 'employer-phone-requests-empty', true);

    await mobile.page.locator('.state--empty').getByRole('link', { name: 'Search Candidates' }).click();
    await mobile.page.waitForURL(`${shell()}/employer/search`);
    await expect.poll(() => mobile.page.getByTestId('candidate-card').count()).toBe(12);
    // the page has all it loads (the positions say what they allow): nothing moves under the click
    await mobile.page.getByText(/to search from it\.$/).waitFor();
    expect(await noOverflow()).toBe(true);
    await snap(mobile.page, 'employer-phone-search', true);
    // any card will do: which candidates fill the first page depends on what other tests added
    await mobile.page
      .getByTestId('candidate-card')
      .first()
      .getByRole('button', { name: /^View details of EM\d{6}$/ })
      .click();
    await mobile.page.getByTestId('candidate-detail').waitFor();
    await snap(mobile.page, 'employer-phone-detail');
    await mobile.context.close();

    // back on the desktop, the first employer's profile page on a phone-sized window
    await page.setViewportSize(phone);
    await page.goto(`${shell()}/employer/requests`);
    await page.getByTestId('match-request').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(page, 'employer-phone-requests', true);
  });
});
