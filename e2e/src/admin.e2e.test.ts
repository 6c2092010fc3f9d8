import { readFileSync } from 'node:fs';
import {
  adminProtectedMessage,
  ZAdminCandidateAnswer,
  ZContactLogsAnswer,
  ZEmployerRequestsAnswer,
} from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  readContactLog,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  type TestAccount,
} from '@meritmatch/testkit';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, phone, sessionOf, snap, storeSession } from './support/browser';
import { startProduct } from './support/stack';

const company = {
  companyName: 'Acme Robotics',
  industry: 'Technology',
  companySize: '51-200',
  website: 'acme-robotics.example.com',
  description: 'We build warehouse robots.',
};

/** A message that needs every kind of CSV quoting: a comma, quotes and a line break. */
const trickyMessage = 'We like your "React" work, and would love\na chat about our robots.';

/** A minimal RFC 4180 reader, to check the exported files round-trip. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A full-page screenshot from the top (the sticky bar would otherwise sit mid-page). */
async function snapFull(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name, true);
}

describe('the admin area: verification, the request queue, the contact log and users', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: TestAccount;
  let employer: TestAccount;
  let clara: SeededCandidate;
  let dan: SeededCandidate;
  let extras: SeededCandidate[];
  let context: BrowserContext;
  let page: Page;
  const requestIds: Record<string, string> = {};
  const shell = () => stack.url('shell');
  const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${stack.api}/admin${path}`, { ...init, token: admin.token });
  const employerApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${stack.api}/employer${path}`, { ...init, token: employer.token });

  const row = (code: string) => page.getByTestId('request-row').filter({ hasText: code });
  const userRow = (email: string) => page.getByTestId('user-row').filter({ hasText: email });
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const statValue = async (key: string) =>
    Number(await page.getByTestId(`stat-${key}`).locator('.stat__value').textContent());
  /** The Contact Log's Add Entry form (the filters above it have a Request ID too). */
  const entryForm = () => page.getByRole('form', { name: 'Add a contact log entry' });
  const successMessage = (text: string | RegExp) =>
    page.locator('.form-message--success').filter({ hasText: text });

  const openAdmin = async (path: string) => {
    await page.goto(`${shell()}${path}`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  };

  /** The employer finds candidates through search (once indexed), then asks for a match. */
  const requestMatch = async (candidate: SeededCandidate, message?: string) => {
    await eventually(
      async () => {
        const answer = await employerApi('/search?limit=50');
        return (
          answer.status === 200 &&
          answer.body.candidates.some((c: { unique_code: string }) => c.unique_code === candidate.uniqueCode)
        );
      },
      { timeoutMs: 30000, what: `search finds ${candidate.uniqueCode}` },
    );
    const sent = await employerApi('/request-candidate', {
      body: { jobSeekerId: candidate.candidateId, ...(message ? { message } : {}) },
    });
    expect(sent.status, sent.text).toBe(201);
    requestIds[candidate.uniqueCode] = sent.body.request.id;
    return sent.body.request.id as string;
  };

  const employerRequest = async (code: string) => {
    const answer = ZEmployerRequestsAnswer.parse((await employerApi('/requests')).body);
    return answer.requests.find((request) => request.candidate_code === code);
  };

  /** Contact log entries follow decisions through Kafka: refresh until the entry shows. */
  const waitForLogEntry = async (action: string, requestId: string) => {
    const entry = page.getByTestId('contact-log-entry').and(page.locator(`[data-action="${action}"]`));
    await eventually(
      async () => {
        if ((await entry.filter({ hasText: requestId }).count()) > 0) return true;
        await page.getByRole('button', { name: 'Refresh', exact: true }).click();
        return false;
      },
      { timeoutMs: 30000, intervalMs: 1000, what: `contact log entry ${action}` },
    );
    return entry.filter({ hasText: requestId }).first();
  };

  const decide = async (code: string, buttonName: string, fields: Record<string, string> = {}) => {
    await row(code).getByRole('button', { name: buttonName }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });
  };

  const confirmWith = async (question: string, button: string) => {
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(question);
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    admin = await adminAccount(stack);
    clara = await seedCandidate(stack, {
      fullName: 'Clara Admin-Visible',
      phone: '+49 30 1234567',
      location: 'Hamburg, Germany',
      gender: 'female',
      skills: [
        { name: 'React', proficiencyLevel: 'expert' },
        { name: 'TypeScript', proficiencyLevel: 'advanced' },
        { name: 'Node.js', proficiencyLevel: 'intermediate' },
        { name: 'Docker', proficiencyLevel: 'beginner' },
      ],
      experiences: [
        {
          companyName: 'Globex',
          position: 'Frontend Engineer',
          startDate: '2018-02-01',
          isCurrent: true,
          experienceType: 'professional',
          description: 'Builds the customer portal.',
        },
      ],
      education: [{ institution: 'TU Hamburg', degree: "Bachelor's Degree", graduationYear: 2017, gpa: 3.4 }],
      certifications: [{ name: 'AWS Developer', issuer: 'Amazon Web Services', issueDate: '2021-06-01' }],
    });
    dan = await seedCandidate(stack, {
      fullName: 'Dan Second-Hidden',
      location: 'Bremen, Germany',
      skills: [{ name: 'Go', proficiencyLevel: 'advanced' }],
    });
    extras = [];
    for (let i = 0; i < 11; i += 1) {
      extras.push(await seedCandidate(stack, { fullName: `Extra Person ${i}`, location: `Town ${i}` }));
    }
    employer = await seedEmployer(stack, { verified: false, company });
    ({ context, page } = await newPage(browser));
    await storeSession(page, shell(), sessionOf(admin, 'admin'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  it('shows the area with its side menu and the overview with stats and quick actions', async () => {
    await openAdmin('/admin');
    const menu = page.getByRole('navigation', { name: 'Administration' });
    for (const [name, href] of [
      ['Overview', '/admin'],
      ['Match Requests', '/admin/requests'],
      ['Contact Log', '/admin/contact-log'],
      ['Data Access Log', '/admin/access-log'],
      ['Search log', '/admin/search-log'],
      ['User Management', '/admin/users'],
    ]) {
      expect(await menu.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    await expect
      .poll(() => menu.getByRole('link', { name: 'Overview' }).getAttribute('aria-current'))
      .toBe('page');
    await page.getByTestId('stat-job_seekers').waitFor();
    expect(await statValue('job_seekers')).toBeGreaterThanOrEqual(13);
    expect(await statValue('employers')).toBeGreaterThanOrEqual(1);
    // they open their screens (e2e/src/notifications.e2e.test.ts goes through them)
    for (const label of ['System Settings', 'Email Templates']) {
      expect(await page.getByRole('button', { name: label }).isEnabled()).toBe(true);
    }
    await page.getByText('No pending requests found').waitFor();
    await snapFull(page, 'admin-overview-empty');

    await menu.getByRole('link', { name: 'Contact Log' }).click();
    await page.getByText('No contact logs yet').waitFor();
    await expect
      .poll(() => menu.getByRole('link', { name: 'Contact Log' }).getAttribute('aria-current'))
      .toBe('page');

    await menu.getByRole('link', { name: 'Match Requests' }).click();
    await page.waitForURL(`${shell()}/admin/requests`);
    await expect
      .poll(() => menu.getByRole('link', { name: 'Match Requests' }).getAttribute('aria-current'))
      .toBe('page');
    await expect
      .poll(() => menu.getByRole('link', { name: 'Overview' }).getAttribute('aria-current'))
      .toBeNull();
  });

  it('lets the keyboard move between the status tabs', async () => {
    await openAdmin('/admin/requests');
    expect(await tab('Pending').getAttribute('aria-selected')).toBe('true');
    await tab('Pending').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Approved').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Approved');
    await page.getByText('No approved requests found').waitFor();
    await page.keyboard.press('End');
    await page.getByText('No awaiting candidate requests found').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByText('No connected requests found').waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await page.getByText('No pending requests found').waitFor();
    expect(await tab('Pending').getAttribute('aria-selected')).toBe('true');
  });

  it('verifies the employer in User Management, which opens search to them', async () => {
    expect((await employerApi('/search')).status).toBe(403);
    await openAdmin('/admin/users');
    await page.getByLabel('User type').selectOption('employer');
    await page.getByLabel('Search users').fill(employer.email.toUpperCase());
    await userRow(employer.email).waitFor();
    expect(await page.getByTestId('user-row').count()).toBe(1);
    expect(await userRow(employer.email).textContent()).toContain('Not verified');
    expect(await userRow(employer.email).textContent()).toContain('Acme Robotics');
    await userRow(employer.email)
      .getByRole('button', { name: /^Verify Employer/ })
      .click();
    await confirmWith('Are you sure you want to verify this employer?', 'Verify Employer');
    await successMessage('Employer verified successfully').waitFor();
    await userRow(employer.email).getByText('Verified', { exact: true }).waitFor();
    await snapFull(page, 'admin-users-verified');
    // every action in reach on a desktop screen: the table fits its card, nothing is cut off at its edge
    const table = page.locator('.table-wrap').filter({ has: userRow(employer.email) });
    expect(await table.evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBeLessThanOrEqual(0);
    await eventually(async () => (await employerApi('/search')).status === 200, {
      timeoutMs: 15000,
      what: 'search allowed after verification',
    });
  });

  it('shows every search the employer made in the Search log, with the codes and scores shown', async () => {
    const searched = await employerApi('/search?preferred=python');
    expect(searched.status).toBe(200);
    const codes = (searched.body.candidates as { unique_code: string }[]).map((card) => card.unique_code);
    expect(codes.length).toBeGreaterThan(0);
    await openAdmin('/admin/search-log');
    const entry = page.getByTestId('search-log-entry').filter({ hasText: 'Nice to have: python' }).first();
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('Acme Robotics');
    for (const code of codes) expect(text).toContain(code);
    await snapFull(page, 'admin-search-log');
  });

  it('lists the new requests as pending with the name hidden and the admin-only label', async () => {
    await requestMatch(clara, trickyMessage);
    await requestMatch(dan, 'Short note');
    await openAdmin('/admin/requests');
    await row(clara.uniqueCode).waitFor();
    const text = await row(clara.uniqueCode).textContent();
    expect(text).toContain('Name hidden until approval');
    expect(text).toContain('(Admin View Only)');
    expect(text).not.toContain('Clara Admin-Visible');
    expect(text).toContain('Acme Robotics');
    expect(text).toContain('Technology');
    expect(text).toContain(employer.email);
    expect(text).toContain(clara.email);
    expect(text).toContain('Hamburg, Germany');
    expect(text).toContain('would love');
    // two requests fit one page: no paging controls
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    expect(await page.getByText(/Page \d+ of \d+/).count()).toBe(0);
    await snapFull(page, 'admin-requests-pending');
  });

  it('shows the full candidate with a real completion percentage', async () => {
    const api = ZAdminCandidateAnswer.parse((await adminApi(`/candidate/${clara.candidateId}`)).body);
    expect(api.candidate.profile_completion).toBe(100);
    const danApi = ZAdminCandidateAnswer.parse((await adminApi(`/candidate/${dan.candidateId}`)).body);
    expect(danApi.candidate.profile_completion).toBe(40);

    await row(clara.uniqueCode)
      .getByRole('button', { name: `View candidate ${clara.uniqueCode}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Candidate ${clara.uniqueCode}` });
    await dialog.getByTestId('profile-completion').waitFor();
    expect(await dialog.getByTestId('profile-completion').textContent()).toBe('Profile Completion: 100%');
    const text = await dialog.textContent();
    for (const expected of [
      'Clara Admin-Visible',
      clara.email,
      '+49 30 1234567',
      'Hamburg, Germany',
      'Available',
      'Frontend Engineer',
      'TU Hamburg',
      'AWS Developer',
    ]) {
      expect(text).toContain(expected);
    }
    const tone = (level: string) =>
      dialog.locator(`[data-level="${level}"] .badge`).evaluate((badge) => badge.className);
    expect(await tone('expert')).toContain('badge--success');
    expect(await tone('advanced')).toContain('badge--info');
    expect(await tone('intermediate')).toContain('badge--accent');
    expect(await tone('beginner')).toContain('badge--neutral');
    await snap(page, 'admin-candidate-modal');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });

    await row(dan.uniqueCode)
      .getByRole('button', { name: `View candidate ${dan.uniqueCode}` })
      .click();
    const second = page.getByRole('dialog', { name: `Candidate ${dan.uniqueCode}` });
    await expect
      .poll(() => second.getByTestId('profile-completion').textContent())
      .toBe('Profile Completion: 40%');
    await page.keyboard.press('Escape');
    await second.waitFor({ state: 'detached' });
    // the dialog (fetched on its first opening) gives the focus back to the button that opened it
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`View candidate ${dan.uniqueCode}`);
  });

  it('approves with a note and a contact note; the log, the approved tab, the stats and the employer follow', async () => {
    await openAdmin('/admin');
    await page.getByTestId('stat-approved_requests').waitFor();
    const approvedBefore = await statValue('approved_requests');
    const pendingBefore = await statValue('pending_requests');
    await row(clara.uniqueCode).waitFor();
    await row(clara.uniqueCode)
      .getByRole('button', { name: `Approve request from Acme Robotics for ${clara.uniqueCode}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Approve match request' });
    await dialog.getByLabel('Admin notes (optional)').fill('Strong match for the platform team.');
    await dialog
      .getByLabel('Contact note for the employer (optional)')
      .fill('We will introduce you by e-mail within two working days.');
    await snap(page, 'admin-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await successMessage('Request approved successfully!').waitFor();
    await expect.poll(() => statValue('approved_requests')).toBe(approvedBefore + 1);
    await expect.poll(() => statValue('pending_requests')).toBe(pendingBefore - 1);
    await snapFull(page, 'admin-approved-message');

    await tab('Approved').click();
    await row(clara.uniqueCode).waitFor();
    const text = await row(clara.uniqueCode).textContent();
    expect(text).toContain('Clara Admin-Visible');
    expect(text).not.toContain('Name hidden until approval');
    expect(text).not.toContain('(Admin View Only)');
    expect(text).toContain('Strong match for the platform team.');
    expect(text).toContain('We will introduce you by e-mail within two working days.');
    await snapFull(page, 'admin-requests-approved');

    const mine = await employerRequest(clara.uniqueCode);
    expect(mine).toMatchObject({
      status: 'approved',
      status_label: 'Matched',
      admin_notes: 'Strong match for the platform team.',
      contact_note: 'We will introduce you by e-mail within two working days.',
    });

    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Contact Log' })
      .click();
    const entry = await waitForLogEntry('approved_match', requestIds[clara.uniqueCode]!);
    expect(await entry.textContent()).toContain('Match approved');
    expect(await entry.textContent()).toContain(admin.email);
    const logs = ZContactLogsAnswer.parse((await adminApi('/contact-logs')).body).logs;
    expect(logs[0]).toMatchObject({ action: 'approved_match', request_id: requestIds[clara.uniqueCode] });
    await snapFull(page, 'admin-contact-log');
  });

  it('adds a manual contact log entry and shows the server message', async () => {
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await page.getByText('Must be a valid id').waitFor();
    await page.getByText('Notes are required').waitFor();
    await entryForm()
      .getByLabel(/^Request ID/)
      .fill(requestIds[clara.uniqueCode]!);
    await entryForm()
      .getByLabel(/^Action/)
      .selectOption('contact_made');
    await entryForm()
      .getByLabel(/^Notes/)
      .fill('Called the candidate, she agreed to an intro call, on Tuesday.');
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await successMessage('Contact log entry added successfully!').waitFor();
    const first = page.getByTestId('contact-log-entry').first();
    await expect.poll(() => first.getAttribute('data-action')).toBe('contact_made');
    expect(await first.textContent()).toContain('Contact made');
    expect(await first.textContent()).toContain('intro call, on Tuesday.');
    await snapFull(page, 'admin-contact-log-added');
  });

  it('reverts to pending, rejects another request, and marks one connected', async () => {
    await openAdmin('/admin/requests?status=approved');
    await row(clara.uniqueCode).waitFor();
    await decide(clara.uniqueCode, `Revert to Pending: request from Acme Robotics for ${clara.uniqueCode}`);
    await successMessage('Request pending successfully!').waitFor();
    await page.getByText('No approved requests found').waitFor();
    expect((await employerRequest(clara.uniqueCode))?.status_label).toBe('Pending Review');

    await tab('Pending').click();
    await row(dan.uniqueCode).waitFor();
    await decide(dan.uniqueCode, `Reject request from Acme Robotics for ${dan.uniqueCode}`, {
      'Admin notes (optional)': 'Not the right seniority.',
    });
    await successMessage('Request rejected successfully!').waitFor();
    // the row acted on left the tab: the keyboard focus moves to the message, not to the page
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Request rejected successfully!');
    await tab('Rejected').click();
    await row(dan.uniqueCode).waitFor();
    expect(await row(dan.uniqueCode).textContent()).toContain('Name hidden until approval');
    expect(await row(dan.uniqueCode).getByRole('button').count()).toBe(1); // only View candidate
    expect((await employerRequest(dan.uniqueCode))?.status_label).toBe('Not Approved');

    await tab('Pending').click();
    await decide(clara.uniqueCode, `Approve request from Acme Robotics for ${clara.uniqueCode}`);
    await successMessage('Request approved successfully!').waitFor();
    await tab('Approved').click();
    await decide(clara.uniqueCode, `Mark as Connected: request from Acme Robotics for ${clara.uniqueCode}`, {
      'Admin notes (optional)': 'Both sides met on Tuesday.',
    });
    await successMessage('Request connected successfully!').waitFor();
    await tab('Connected').click();
    await row(clara.uniqueCode).waitFor();
    expect(await row(clara.uniqueCode).textContent()).toContain('Clara Admin-Visible');
    await snapFull(page, 'admin-requests-connected');

    await row(clara.uniqueCode)
      .getByRole('link', { name: /^Log contact/ })
      .click();
    await page.waitForURL(`${shell()}/admin/contact-log?requestId=${requestIds[clara.uniqueCode]}`);
    await expect
      .poll(() =>
        entryForm()
          .getByLabel(/^Request ID/)
          .inputValue(),
      )
      .toBe(requestIds[clara.uniqueCode]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await waitForLogEntry('reverted_to_pending', requestIds[clara.uniqueCode]!);
    await waitForLogEntry('connected', requestIds[clara.uniqueCode]!);
  });

  it('suspends, deletes and restores a user, and cannot suspend an admin', async () => {
    await openAdmin('/admin/users');
    await page.getByLabel('Search users').fill('clara admin');
    await userRow(clara.email).waitFor();
    expect(await userRow(clara.email).textContent()).toContain(clara.uniqueCode);
    expect(await userRow(clara.email).textContent()).toContain('Active');

    await userRow(clara.email)
      .getByRole('button', { name: `Suspend ${clara.email}` })
      .click();
    await confirmWith('Are you sure you want to suspend this user?', 'Suspend');
    await successMessage('User suspended successfully').waitFor();
    await userRow(clara.email).getByText('Suspended', { exact: true }).waitFor();

    await userRow(clara.email)
      .getByRole('button', { name: `Delete ${clara.email}` })
      .click();
    await confirmWith('Are you sure you want to delete this user?', 'Delete');
    await successMessage('User marked as deleted successfully').waitFor();
    await page.getByText('No users found').waitFor();
    await page.getByLabel('Include deleted users').check();
    await userRow(clara.email).getByText('Deleted', { exact: true }).waitFor();
    await snapFull(page, 'admin-users-deleted');

    await userRow(clara.email)
      .getByRole('button', { name: `Restore Account ${clara.email}` })
      .click();
    await confirmWith('Are you sure you want to restore this user?', 'Restore Account');
    await successMessage('User activated successfully').waitFor();
    await userRow(clara.email).getByText('Active', { exact: true }).waitFor();

    await userRow(clara.email)
      .getByRole('button', { name: `View profile of ${clara.email}` })
      .click();
    const profile = page.getByRole('dialog', { name: `Candidate ${clara.uniqueCode}` });
    await expect
      .poll(() => profile.getByTestId('profile-completion').textContent())
      .toBe('Profile Completion: 100%');
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });

    await page.getByLabel('Search users').fill('');
    await page.getByLabel('User type').selectOption('admin');
    await userRow(admin.email).waitFor();
    await userRow(admin.email)
      .getByRole('button', { name: `Suspend ${admin.email}` })
      .click();
    await confirmWith('Are you sure you want to suspend this user?', 'Suspend');
    await page.locator('.form-message--error').filter({ hasText: adminProtectedMessage }).waitFor();
    expect(await userRow(admin.email).textContent()).toContain('Active');
    await snapFull(page, 'admin-users-admin-protected');

    await page.getByLabel('Search users').fill('nobody-matches-this');
    await page.getByText('No users found').waitFor();
  });

  it('pages the queue once a tab holds more than ten requests', async () => {
    for (const extra of extras) await requestMatch(extra, `Request for ${extra.uniqueCode}`);
    await openAdmin('/admin/requests');
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.getByTestId('request-row').count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await snap(page, 'admin-requests-paged');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.getByTestId('request-row').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1 of 2').waitFor();
  });

  it('exports the request queue and the contact log as two CSV files', async () => {
    await openAdmin('/admin');
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    const first = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Reports' }).click();
    await first;
    await expect.poll(() => downloads.length, { timeout: 10000 }).toBe(2);
    await successMessage('Reports exported successfully').waitFor();
    const day = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    const byName = new Map(downloads.map((download) => [download.suggestedFilename(), download]));
    expect([...byName.keys()].sort()).toEqual(
      [`meritmatch-contact-log-${day}.csv`, `meritmatch-requests-${day}.csv`].sort(),
    );

    const requests = parseCsv(
      readFileSync((await byName.get(`meritmatch-requests-${day}.csv`)!.path())!, 'utf8'),
    );
    const header = requests[0]!;
    // 13 requests across pending, approved, rejected and connected, more than one page
    expect(requests.length - 1).toBe(13);
    const column = (name: string) => header.indexOf(name);
    const claraRow = requests.find((cells) => cells[column('Candidate code')] === clara.uniqueCode)!;
    expect(claraRow[column('Employer message')]).toBe(trickyMessage);
    expect(claraRow[column('Status')]).toBe('connected');
    expect(claraRow[column('Candidate name')]).toBe('Clara Admin-Visible');
    expect(new Set(requests.slice(1).map((cells) => cells[column('Status')]))).toEqual(
      new Set(['pending', 'rejected', 'connected']),
    );

    const logs = parseCsv(
      readFileSync((await byName.get(`meritmatch-contact-log-${day}.csv`)!.path())!, 'utf8'),
    );
    const apiLogs = await readContactLog(stack.api, admin.token);
    expect(logs.length - 1).toBe(apiLogs.length);
    const notes = logs[0]!.indexOf('Notes');
    expect(
      logs.some((cells) => cells[notes] === 'Called the candidate, she agreed to an intro call, on Tuesday.'),
    ).toBe(true);
    await snapFull(page, 'admin-export');
  });

  it('filters the contact log by a candidate code and an action, and exports what it shows as CSV', async () => {
    await openAdmin('/admin/contact-log');
    const filters = page.getByRole('form', { name: 'Filter the contact log' });
    await filters.getByLabel('Candidate code').fill(clara.uniqueCode.toLowerCase());
    await filters.getByLabel('Action').selectOption({ label: 'Connected' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/[?&]code=/);
    expect(new URL(page.url()).searchParams.get('action')).toBe('connected');
    const entries = page.getByTestId('contact-log-entry');
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().getAttribute('data-action')).toBe('connected');
    expect(await entries.first().textContent()).toContain(clara.uniqueCode);
    expect(await entries.first().textContent()).toContain('Acme Robotics');
    await snapFull(page, 'admin-contact-log-filtered');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`contact-log-${new Date().toISOString().slice(0, 10)}.csv`);
    const rows = parseCsv(readFileSync((await file.path())!, 'utf8'));
    const header = rows[0]!;
    expect(rows.length - 1).toBe(1);
    expect(rows[1]![header.indexOf('Action')]).toBe('connected');
    expect(rows[1]![header.indexOf('Candidate code')]).toBe(clara.uniqueCode);
    expect(rows[1]![header.indexOf('Request ID')]).toBe(requestIds[clara.uniqueCode]);
    // the export carries codes, never names
    expect(rows.flat().join(',')).not.toContain('Clara Admin-Visible');

    // a code nobody has: the filtered empty state, and Clear filters shows the whole log again
    await filters.getByLabel('Candidate code').fill('EM000000');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No entries match these filters.', { exact: true }).waitFor();
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(1);
    expect(new URL(page.url()).search).toBe('');
  });

  it('fits a 390px phone', async () => {
    const small = await newPage(browser, phone);
    await storeSession(small.page, shell(), sessionOf(admin, 'admin'));
    for (const [path, name] of [
      ['/admin', 'admin-phone-overview'],
      ['/admin/requests?status=connected', 'admin-phone-requests'],
      ['/admin/contact-log', 'admin-phone-contact-log'],
      ['/admin/users', 'admin-phone-users'],
    ] as const) {
      await small.page.goto(`${shell()}${path}`);
      await small.page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      await small.page.locator('.state--loading').first().waitFor({ state: 'detached' });
      await small.page.waitForLoadState('networkidle');
      expect(await small.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await snapFull(small.page, name);
      if (path === '/admin') await snap(small.page, 'admin-phone-overview-top');
    }
    await small.page.goto(`${shell()}/admin/requests?status=connected`);
    await small.page.getByRole('button', { name: `View candidate ${clara.uniqueCode}` }).click();
    await small.page.getByTestId('profile-completion').waitFor();
    await snap(small.page, 'admin-phone-candidate');
    await small.context.close();
  });

  it('revokes the verification, which closes search to the employer again', async () => {
    await openAdmin('/admin/users');
    await page.getByLabel('Search users').fill('acme robotics');
    await userRow(employer.email)
      .getByRole('button', { name: `Revoke Verification ${employer.email}` })
      .click();
    await confirmWith("Are you sure you want to revoke this employer's verification?", 'Revoke Verification');
    await successMessage('Employer verification revoked successfully').waitFor();
    await userRow(employer.email).getByText('Not verified', { exact: true }).waitFor();
    await userRow(employer.email)
      .getByRole('button', { name: `Verify Employer ${employer.email}` })
      .waitFor();
    await eventually(async () => (await employerApi('/search')).status === 403, {
      timeoutMs: 15000,
      what: 'search refused after revocation',
    });
  });
});
