import {
  confirmInterestDecision,
  interestMessages,
  visibilityTexts,
  ZEmployerRequestsAnswer,
  ZSearchAnswer,
} from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  mailbox,
  readContactLog,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  type TestAccount,
} from '@meritmatch/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, sessionOf, snap, storeSession } from './support/browser';
import { startProduct } from './support/stack';

const companyOf = (companyName: string, website: string) => ({
  companyName,
  industry: 'Technology',
  companySize: '51-200',
  website,
  description: `${companyName} builds software.`,
});

/**
 * The candidate in control, in the browser: Visibility (consent, block list, pause),
 * the preview that reflects them, and Interest (accept, decline, withdraw consent) across the
 * three roles, with the e-mail each of them gets read from Mailpit: the request that waits for
 * the candidate, and the approval with the admin's contact note. The employers' side is checked
 * through their own API routes.
 */
describe('the candidate in control: Visibility and Interest', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: TestAccount;
  let candidate: SeededCandidate;
  let globex: TestAccount;
  let initech: TestAccount;
  let umbrella: TestAccount;
  let hooli: TestAccount;
  const requestIds: Record<string, string> = {};
  const shell = () => stack.url('shell');
  const inbox = mailbox(inject('infra'));

  const employerApi =
    (employer: TestAccount) =>
    (path: string, init: { method?: string; body?: unknown } = {}) =>
      call(`${stack.api}/employer${path}`, { ...init, token: employer.token });
  const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${stack.api}/admin${path}`, { ...init, token: admin.token });
  const finds = async (employer: TestAccount) => {
    const answer = await employerApi(employer)('/search?limit=50');
    expect(answer.status, answer.text).toBe(200);
    return ZSearchAnswer.parse(answer.body).candidates.some((c) => c.id === candidate.candidateId);
  };

  const successMessage = (text: string) =>
    page.locator('.form-message--success').filter({ hasText: text }).waitFor();
  const candidateMenu = () => page.getByRole('navigation', { name: 'You and employers' });
  const openCandidatePage = async (name: 'Interest' | 'Visibility', path: string) => {
    await candidateMenu().getByRole('link', { name, exact: true }).click();
    await page.waitForURL(`${shell()}${path}`);
  };
  const interestItem = (company: string) =>
    page.getByTestId('interest-request').filter({ has: page.getByRole('heading', { name: company }) });
  const statusOf = (company: string) => interestItem(company).getAttribute('data-status');

  /** Presses the candidate's move on one request, checks the confirmation's words, and confirms. */
  const decide = async (company: string, decision: 'accept' | 'decline' | 'withdraw', button: string) => {
    await interestItem(company)
      .getByRole('button', { name: `${button}: request from ${company}` })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain(confirmInterestDecision(decision, company));
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await successMessage(interestMessages[decision]);
  };

  const request = async (employer: TestAccount, name: string, positionId?: string) => {
    await eventually(() => finds(employer), { timeoutMs: 30000, what: `${name} finds the candidate` });
    const sent = await employerApi(employer)('/request-candidate', {
      body: {
        jobSeekerId: candidate.candidateId,
        message: `${name} would like to talk.`,
        ...(positionId ? { positionId } : {}),
      },
    });
    expect(sent.status, sent.text).toBe(201);
    requestIds[name] = sent.body.request.id;
    return sent.body.request;
  };
  /** The request as the employer reads it: only the spec's statuses and labels. */
  const employerView = async (employer: TestAccount) =>
    ZEmployerRequestsAnswer.parse((await employerApi(employer)('/requests')).body).requests.find(
      (r) => r.candidate_id === candidate.candidateId,
    );

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    admin = await adminAccount(stack);
    candidate = await seedCandidate(stack, {
      fullName: 'Cora Incontrol',
      location: 'Leipzig, Germany',
      skills: [{ name: 'Rust', proficiencyLevel: 'advanced' }],
    });
    [globex, initech, umbrella, hooli] = await Promise.all([
      seedEmployer(stack, { company: companyOf('Globex Ltd', 'https://careers.globex.example') }),
      seedEmployer(stack, { company: companyOf('Initech', 'initech.example') }),
      seedEmployer(stack, { company: companyOf('Umbrella Software', 'umbrella.example') }),
      seedEmployer(stack, { company: companyOf('Hooli', 'hooli.example') }),
    ]);
    ({ context, page } = await newPage(browser));
    await storeSession(page, shell(), sessionOf(candidate, 'job_seeker'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  it('turns on consent and blocks a company by name; the preview lists it and that company never finds the candidate', async () => {
    await eventually(() => finds(globex), {
      timeoutMs: 30000,
      what: 'Globex finds the candidate before the block',
    });
    await page.goto(`${shell()}/job-seeker`);
    await page.getByTestId('employer-preview').waitFor();
    await openCandidatePage('Visibility', '/job-seeker/visibility');

    const consent = page.getByLabel(visibilityTexts.askBeforeSharing);
    expect(await consent.isChecked()).toBe(false);
    // the switch follows the saved settings: it turns on once the server has them
    await consent.click();
    await successMessage(visibilityTexts.saved);
    await expect.poll(() => consent.isChecked()).toBe(true);

    const blockForm = page.getByRole('form', { name: 'Block a company' });
    await blockForm.getByLabel('Company name').fill('GLOBEX, inc.');
    await blockForm.getByRole('button', { name: 'Block this company' }).click();
    await successMessage(visibilityTexts.saved);
    await page.getByRole('list', { name: 'Blocked companies' }).getByText('GLOBEX, inc.').waitFor();
    await snap(page, 'candidate-visibility');

    await page.goto(`${shell()}/job-seeker`);
    await page
      .getByRole('list', { name: 'Companies that never see you' })
      .getByText('GLOBEX, inc.')
      .waitFor();
    expect(await page.getByTestId('paused-notice').count()).toBe(0);

    // Globex, as it would try: search, counts, the detail and a request all act as if there were no candidate
    await eventually(async () => !(await finds(globex)), {
      timeoutMs: 30000,
      what: 'Globex no longer finds them',
    });
    const asGlobex = employerApi(globex);
    expect((await asGlobex(`/candidate/${candidate.candidateId}`)).status).toBe(404);
    const refused = await asGlobex('/request-candidate', { body: { jobSeekerId: candidate.candidateId } });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'NOT_FOUND', message: 'Candidate not found' });
    expect(JSON.stringify((await asGlobex('/search?skills=Rust')).body)).not.toContain(candidate.candidateId);
    expect(await employerView(globex)).toBeUndefined();
    expect(await finds(initech)).toBe(true);
  });

  it('lists each request under Interest in the candidate’s words; accept sends it to the admin, who introduces', async () => {
    // the block list reached matching after the consent (one projection), so requests now wait for the candidate
    await request(initech, 'Initech');
    await request(umbrella, 'Umbrella Software');
    // Hooli's request names one of its positions
    const position = await employerApi(hooli)('/positions', {
      body: {
        title: 'Systems engineer',
        description: 'Our storage engine, in Rust.',
        workMode: 'hybrid',
        location: 'Leipzig',
        country: 'DE',
        salary: { min: 70000, max: 85000, currency: 'EUR' },
        mustHave: ['Rust'],
        niceToHave: ['Go'],
        experience: 'all',
        education: 'all',
        startWithinWeeks: null,
      },
    });
    expect(position.status, position.text).toBe(201);
    await request(hooli, 'Hooli', position.body.position.id);
    await openCandidatePage('Interest', '/job-seeker/interest');
    await interestItem('Hooli').waitFor();
    expect(await page.getByTestId('interest-request').count()).toBe(3);
    for (const company of ['Initech', 'Umbrella Software', 'Hooli']) {
      expect(await statusOf(company)).toBe('awaiting_candidate');
      const text = await interestItem(company).textContent();
      expect(text).toContain('Waiting for you');
      expect(text).toContain(`${company} would like to talk.`);
      expect(text).toContain('Technology · 51-200 employees');
    }
    expect(await employerView(initech)).toMatchObject({ status: 'pending', status_label: 'Pending Review' });
    // the position Hooli named: its terms, and the candidate's own skills that answer it
    const named = interestItem('Hooli').getByRole('region', { name: 'Position: Systems engineer' });
    const terms = (await named.textContent()) ?? '';
    for (const text of ['Hybrid', 'Leipzig, Germany', '€70,000–€85,000 a year', 'Your matching skills: Rust'])
      expect(terms).toContain(text);
    expect(await interestItem('Initech').getByRole('region').count()).toBe(0);
    await snap(page, 'candidate-interest-waiting');
    // each request told the candidate by e-mail that it waits for their answer
    const asked = await inbox.waitFor(candidate.email, 3, 30000);
    expect(asked.map((mail) => mail.subject).sort()).toEqual(
      ['Hooli', 'Initech', 'Umbrella Software'].map(
        (company) => `${company} would like to meet you: your answer is needed`,
      ),
    );
    const hoolis = asked.find((mail) => mail.subject.startsWith('Hooli'))!;
    expect(hoolis.text).toContain('Position: Systems engineer');
    expect(hoolis.text).toContain('Salary: €70,000–€85,000 a year');
    expect(hoolis.text).toContain('Your matching skills: Rust');

    // the admin sees it in its own tab, and cannot approve it yet
    const waiting = await adminApi('/requests?status=awaiting_candidate');
    expect(waiting.body.requests.map((r: { id: string }) => r.id)).toContain(requestIds.Initech);
    const early = await adminApi(`/requests/${requestIds.Initech}`, {
      method: 'PUT',
      body: { status: 'approved' },
    });
    expect(early.status).toBe(409);
    const adminView = await newPage(browser);
    await storeSession(adminView.page, shell(), sessionOf(admin, 'admin'));
    await adminView.page.goto(`${shell()}/admin/requests?status=awaiting_candidate`);
    const waitingRow = adminView.page.getByTestId('request-row').filter({ hasText: 'Initech' });
    await waitingRow.waitFor();
    expect(
      await adminView.page
        .getByRole('tab', { name: 'Awaiting Candidate', exact: true })
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(await waitingRow.getByRole('button', { name: /^(Approve|Reject)/ }).count()).toBe(0);
    await snap(adminView.page, 'admin-awaiting-candidate');
    await adminView.context.close();

    await decide('Initech', 'accept', 'Accept');
    await expect.poll(() => statusOf('Initech')).toBe('pending');
    expect(await interestItem('Initech').textContent()).toContain('With our team');

    const approved = await adminApi(`/requests/${requestIds.Initech}`, {
      method: 'PUT',
      body: { status: 'approved', contactNote: 'Our team will introduce you by e-mail.' },
    });
    expect(approved.status, approved.text).toBe(200);
    await page.reload();
    await expect.poll(() => statusOf('Initech'), { timeout: 20000 }).toBe('approved');
    expect(await interestItem('Initech').textContent()).toContain('Introduced');
    // the employer's approval e-mail holds the contact note and nothing of the candidate but the code
    const approval = await eventually(
      async () => (await inbox.to(initech.email)).find((mail) => mail.subject.startsWith('Match approved')),
      { what: "Initech's approval e-mail", timeoutMs: 30000, intervalMs: 500 },
    );
    expect(approval.subject).toBe(`Match approved: candidate ${candidate.uniqueCode}`);
    expect(approval.text).toContain('Our team will introduce you by e-mail.');
    const mail = `${approval.subject}\n${approval.text}`;
    for (const detail of ['Cora', 'Incontrol', candidate.email]) expect(mail).not.toContain(detail);
  });

  it('declines one request and withdraws consent for another; the employers see Not Approved; the contact log records both', async () => {
    await decide('Umbrella Software', 'decline', 'Decline');
    await expect.poll(() => statusOf('Umbrella Software')).toBe('declined');
    expect(await interestItem('Umbrella Software').textContent()).toContain('Declined');
    expect(await employerView(umbrella)).toMatchObject({
      status: 'rejected',
      status_label: 'Not Approved',
      admin_notes: null,
    });

    await decide('Hooli', 'accept', 'Accept');
    await expect.poll(() => statusOf('Hooli')).toBe('pending');
    await decide('Hooli', 'withdraw', 'Withdraw consent');
    await expect.poll(() => statusOf('Hooli')).toBe('withdrawn');
    expect(await interestItem('Hooli').getByRole('button').count()).toBe(0);
    expect(await employerView(hooli)).toMatchObject({ status: 'rejected', status_label: 'Not Approved' });
    await snap(page, 'candidate-interest-decided');

    const expected = [
      ['candidate_accepted', requestIds.Initech],
      ['candidate_declined', requestIds['Umbrella Software']],
      ['candidate_accepted', requestIds.Hooli],
      ['consent_withdrawn', requestIds.Hooli],
    ];
    await eventually(
      async () => {
        const logs = await readContactLog(stack.api, admin.token);
        return expected.every(([action, id]) => logs.some((l) => l.action === action && l.request_id === id));
      },
      { timeoutMs: 30000, what: "the candidate's decisions in the contact log" },
    );
    // the whole log, not only its newest page: no entry may carry her name
    const logs = await readContactLog(stack.api, admin.token);
    expect(JSON.stringify(logs)).not.toContain('Cora');
  });

  it('pauses at once: search and detail 404 for every employer, the preview says so, the requests stay', async () => {
    await openCandidatePage('Visibility', '/job-seeker/visibility');
    const pause = page.getByLabel(visibilityTexts.paused);
    await pause.click();
    await successMessage(visibilityTexts.saved);
    await expect.poll(() => pause.isChecked()).toBe(true);

    await eventually(
      async () => (await employerApi(initech)(`/candidate/${candidate.candidateId}`)).status === 404,
      { timeoutMs: 15000, what: 'the detail closes' },
    );
    for (const employer of [initech, umbrella, hooli]) {
      expect(await finds(employer)).toBe(false);
      expect((await employerApi(employer)(`/candidate/${candidate.candidateId}`)).status).toBe(404);
    }

    await page.goto(`${shell()}/job-seeker`);
    await page.getByTestId('paused-notice').getByText(visibilityTexts.pausedNotice).waitFor();
    await snap(page, 'candidate-preview-paused');
    await openCandidatePage('Interest', '/job-seeker/interest');
    await interestItem('Initech').waitFor();
    expect(await page.getByTestId('interest-request').count()).toBe(3);

    await openCandidatePage('Visibility', '/job-seeker/visibility');
    await page.getByLabel(visibilityTexts.paused).click();
    await expect.poll(() => page.getByLabel(visibilityTexts.paused).isChecked()).toBe(false);
    await eventually(() => finds(hooli), { timeoutMs: 30000, what: 'back in search' });
  });
});
