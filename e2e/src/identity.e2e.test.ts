import { readFile } from 'node:fs/promises';
import {
  emailChangeMessages,
  emailConfirmationMessages,
  myDataTexts,
  ZAccountExport,
} from '@meritmatch/contracts';
import { adminAccount, call, mailbox, registerAccount, type Stack } from '@meritmatch/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  inlineTexts,
  launchBrowser,
  newPage,
  phone,
  scriptsLoadedBy,
  sessionOf,
  sha256Source,
  snap,
  storedSession,
  storeSession,
} from './support/browser';
import { startProduct } from './support/stack';

describe('signing up, signing in, navigation and guards', () => {
  let stack: Stack;
  let browser: Browser;
  const shell = () => stack.url('shell');

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const fillRegistration = async (
    page: Page,
    email: string,
    type: 'Job Seeker' | 'Employer',
    password = 'kestrel-Tide-42',
    confirm = password,
  ) => {
    await page.getByText(type, { exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel('Confirm password').fill(confirm);
  };

  it('links the landing page to sign-in and registration', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${shell()}/`);
    await expect.poll(() => page.getByText('85%').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('2K+').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('EM482910').isVisible()).toBe(true);
    await snap(page, 'landing', true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${shell()}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${shell()}/register`);
    await expect.poll(() => page.getByText('Looking for opportunities').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Hiring talent').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Privacy Policy' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('never shown to employers');
    await page.keyboard.press('Escape');
    await snap(page, 'register');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${shell()}/register`);
    await context.close();
  });

  it.each(['/', '/login', '/register'])(
    'paints %s styled before its stylesheet arrives, under the policy',
    async (path) => {
      const { page, context } = await newPage(browser);
      const refusedByPolicy: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
      });
      // the linked stylesheet never arrives: what the page shows comes from its inline critical CSS
      await page.route('**/static/css/*.css', (route) => route.abort());
      const document = await page.goto(`${shell()}${path}`);
      const primary = page.locator('.btn--primary').first();
      await expect.poll(() => primary.isVisible()).toBe(true);
      expect(await primary.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        'rgb(67, 56, 202)',
      );
      expect(
        await page.locator('.navbar').evaluate((element) => getComputedStyle(element).position),
      ).not.toBe('static');
      // that inline CSS and the entry's loader are allowed by their hashes, and nothing else inline is
      const escaped = (source: string) => source.replace(/[+/]/g, '\\$&');
      const html = (await document?.text()) ?? '';
      const inlineStyles = inlineTexts(html, 'style');
      const inlineScripts = inlineTexts(html, 'script');
      expect(inlineStyles).toHaveLength(1);
      expect(inlineScripts).toHaveLength(1);
      const policy = document?.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(
        new RegExp(`style-src 'self'[^;]* ${escaped(sha256Source(inlineStyles[0] ?? ''))}`),
      );
      expect(policy).toMatch(
        new RegExp(`script-src 'self'[^;]* ${escaped(sha256Source(inlineScripts[0] ?? ''))}`),
      );
      expect(policy).not.toContain('unsafe-inline');
      // the entry is fetched from the head but run by that loader once the page has painted:
      // no script of the page runs before it, and the app then takes the page over
      expect(html).not.toMatch(/<script[^>]*\b(defer|async)\b/);
      expect(html).toMatch(/<link rel="preload" as="script" href="\/static\/js\/main\.[0-9a-f]+\.js">/);
      await expect.poll(() => page.locator('.navbar__toggle').isEnabled()).toBe(true);
      expect(refusedByPolicy).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['Sign In', 'Sign in'],
    ['Get Started', 'Create your account'],
  ])(
    'shows the page of %s on the click when a pointer was over the link before it',
    async (link, heading) => {
      // a page whose code has not run when it is opened waits on React's 300 ms throttle, a timer:
      // with the page's clock paused after the pointer reached the link, it would never show
      const { page, context } = await newPage(browser);
      await page.clock.install();
      await page.goto(`${shell()}/`, { waitUntil: 'networkidle' });
      const target = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link });
      // hydrated: the page's handlers are on its links
      await expect
        .poll(() => page.getByRole('button', { name: 'Open menu', includeHidden: true }).isDisabled())
        .toBe(false);
      await scriptsLoadedBy(page, () => target.hover());
      await page.clock.pauseAt(Date.now() + 1000);
      await target.click();
      await page.getByRole('heading', { name: heading }).waitFor({ timeout: 10000 });
      await context.close();
    },
  );

  it('shows /login on a Logout click when a pointer was over the button before it', async () => {
    const { page, context } = await newPage(browser);
    const seeker = await registerAccount(stack, 'job_seeker');
    await storeSession(page, shell(), sessionOf(seeker));
    await page.clock.install();
    await page.goto(`${shell()}/`, { waitUntil: 'networkidle' });
    const logout = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' });
    await logout.waitFor();
    await scriptsLoadedBy(page, () => logout.hover());
    await page.clock.pauseAt(Date.now() + 1000);
    await logout.click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 10000 });
    await context.close();
  });

  it('loads the whole stylesheet once, after the page', async () => {
    const { page, context } = await newPage(browser);
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto(`${shell()}/login`);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${shell()}/register`);
    await expect.poll(() => page.getByText('Looking for opportunities').isVisible()).toBe(true);
    expect(stylesheets).toHaveLength(1);
    expect(await page.locator('body > link[rel="stylesheet"]').count()).toBe(1);
    await context.close();
  });

  it('checks the registration form with the spec texts', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${shell()}/register`);
    await fillRegistration(page, 'short@example.com', 'Job Seeker', '12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => page.getByText('Password must be at least 6 characters long').isVisible())
      .toBe(true);
    await fillRegistration(page, 'mismatch@example.com', 'Job Seeker', 'kestrel-Tide-42', 'kestrel-Tide-43');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await snap(page, 'register-errors');
    await context.close();
  });

  it.each([
    ['Job Seeker', '/job-seeker', 'job seeker'],
    ['Employer', '/employer', 'employer'],
  ] as const)(
    'registers a %s, lands in its area and shows the signed-in navigation',
    async (type, home, label) => {
      const { page, context } = await newPage(browser);
      const email = `${label.replace(' ', '.')}.${Date.now()}@example.com`;
      await page.goto(`${shell()}/register`);
      await fillRegistration(page, email, type);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(`${shell()}${home}`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect
        .poll(() => page.getByTestId('nav-display-name').first().textContent())
        .toBe(email.split('@')[0]);
      expect(await page.getByTestId('nav-user-type').first().textContent()).toBe(label);
      expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(home);
      expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      const stored = await storedSession(page);
      expect(stored.token).toBeTruthy();
      expect(JSON.parse(stored.user!)).toMatchObject({
        email,
        userType: type === 'Employer' ? 'employer' : 'job_seeker',
      });
      await snap(page, `registered-${label.replace(' ', '-')}`);

      // a signed-in user opening /login or /register goes home
      await page.goto(`${shell()}/login`);
      await page.waitForURL(`${shell()}${home}`);
      await page.goto(`${shell()}/register`);
      await page.waitForURL(`${shell()}${home}`);
      await context.close();
    },
  );

  it('shows the server message for a taken e-mail and clears it on typing', async () => {
    const existing = await registerAccount(stack, 'employer');
    const { page, context } = await newPage(browser);
    await page.goto(`${shell()}/register`);
    await fillRegistration(page, existing.email, 'Employer');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const message = page.getByRole('alert').filter({ hasText: 'An account with this email already exists' });
    await message.waitFor();
    await page.getByLabel('Email').pressSequentially('x');
    await expect.poll(() => message.count()).toBe(0);
    await context.close();
  });

  it('signs in (admin), logs out clearing both keys, and refuses a wrong password', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${shell()}/login`);
    await page.getByLabel('Email').fill(stack.admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await snap(page, 'login-failed');
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${shell()}/admin`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${shell()}/login`);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await context.close();
  });

  it('loads the form checks once someone starts on the form, and says the fixed text if they cannot load', async () => {
    const { page, context } = await newPage(browser);
    const checks: string[] = []; // scripts that carry zod, the checks' library
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      if ((await response.text().catch(() => '')).includes('ZodError')) checks.push(response.url());
    });
    await page.goto(`${shell()}/login`);
    await expect.poll(() => page.getByLabel('Email').isEnabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(checks).toEqual([]);

    // the checks cannot load (the connection dropped): the page's fixed text, nothing sent
    let signInCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/auth/login')) signInCalls += 1;
    });
    await page.route('**/static/js/**', (route) => route.abort());
    await page.getByLabel('Email').fill(stack.admin.email);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Login failed. Please try again.' }).waitFor();
    expect(signInCalls).toBe(0);

    // back online, the same button loads them and signs in
    await page.unroute('**/static/js/**');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${shell()}/admin`);
    await expect.poll(() => checks.length).toBeGreaterThan(0);
    await context.close();
  });

  it('resets a forgotten password from the e-mail link, signing out the other sessions', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const otherDevice = await call(`${stack.api}/auth/login`, {
      body: { email: account.email, password: account.password },
    });
    const { page, context } = await newPage(browser);
    await page.goto(`${shell()}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${shell()}/forgot-password`);
    // the address changes before the page does: until it is drawn, 'Email' is still the sign-in
    // form's field, and a value filled there is lost (CI22 sent an empty form)
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await snap(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await snap(page, 'forgot-password-sent');

    // the link arrives at the address, and opens the shell's page
    const [mail] = await mailbox(inject('infra')).waitFor(account.email, 1);
    expect(mail?.subject).toBe('Choose a new MeritMatch password');
    const link = mail?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    expect(link?.startsWith(`${shell()}/reset-password?token=`)).toBe(true);
    await page.goto(link as string);
    await page.getByLabel(/^New password/).fill('lantern-Quarry-58');
    await page.getByLabel('Confirm new password').fill('lantern-Quarry-58');
    await snap(page, 'reset-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(`${shell()}/login`);
    await page.locator('.form-message--success').filter({ hasText: 'Your password was changed' }).waitFor();
    await snap(page, 'reset-password-done');

    // the other device's session has ended; the new password signs in
    const me = await call(`${stack.api}/auth/me`, { token: (otherDevice.body as { token: string }).token });
    expect(me.status).toBe(401);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill('lantern-Quarry-58');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${shell()}/job-seeker`);
    // the link worked once
    await page.goto(link as string);
    await page.getByLabel(/^New password/).fill('another-Harbour-77');
    await page.getByLabel('Confirm new password').fill('another-Harbour-77');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This link is not valid any more' }).waitFor();
    await context.close();
  });

  it('confirms the address from the e-mail link: a banner until then, sent again on request, then gone; the admin sees it', async () => {
    const { page, context } = await newPage(browser);
    const email = `confirming.${Date.now()}@example.com`;
    await page.goto(`${shell()}/register`);
    await fillRegistration(page, email, 'Job Seeker');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${shell()}/job-seeker`);
    const banner = page.getByRole('region', { name: 'E-mail address' });
    await banner.getByText(emailConfirmationMessages.banner).waitFor();
    await page.getByRole('button', { name: emailConfirmationMessages.resend }).click();
    await banner.getByRole('status').filter({ hasText: emailConfirmationMessages.sent }).waitFor();
    await snap(page, 'confirmation-banner');

    // two links arrive (sign-up, and sent again); the first opens the shell's page and confirms
    const inbox = mailbox(inject('infra'), { withConfirmations: true });
    const mails = await inbox.waitFor(email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Please confirm your e-mail address',
      'Please confirm your e-mail address',
    ]);
    const link = mails[0]?.text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
    expect(link?.startsWith(`${shell()}/confirm-email?token=`)).toBe(true);
    await page.goto(link as string);
    await page.getByText(emailConfirmationMessages.confirmed).waitFor();
    await snap(page, 'confirm-email-done');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL(`${shell()}/job-seeker`);
    await page.getByRole('heading', { name: 'Job Seeker Dashboard' }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(JSON.parse((await storedSession(page)).user!)).toMatchObject({ email, emailConfirmed: true });

    // the same link again, signed out: confirmed already
    const { page: other, context: otherContext } = await newPage(browser);
    await other.goto(link as string);
    await other.getByText(emailConfirmationMessages.alreadyConfirmed).waitFor();
    await otherContext.close();

    // the admin sees which addresses are confirmed
    const admin = await adminAccount(stack);
    const unconfirmed = await registerAccount(stack, 'employer');
    await storeSession(page, shell(), sessionOf(admin, 'admin'));
    await page.goto(`${shell()}/admin/users`);
    for (const [address, state] of [
      [email, 'E-mail confirmed'],
      [unconfirmed.email, 'Not confirmed'],
    ] as const) {
      await page.getByLabel('Search users').fill(address);
      await page.getByRole('row').filter({ hasText: address }).getByText(state, { exact: true }).waitFor();
    }
    await context.close();
  });

  it('changes the password and signs out the other devices from Account settings, staying signed in', async () => {
    const account = await registerAccount(stack, 'employer');
    const otherDevice = await call(`${stack.api}/auth/login`, {
      body: { email: account.email, password: account.password },
    });
    const otherToken = (otherDevice.body as { token: string }).token;
    const { page, context } = await newPage(browser);
    await storeSession(page, shell(), sessionOf(account));
    await page.goto(`${shell()}/employer`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${shell()}/account`);
    const passwordCard = page.locator('section', {
      has: page.getByRole('heading', { name: 'Change password' }),
    });
    await passwordCard.getByLabel(/Current password/).fill(account.password);
    await page.getByLabel(/^New password/).fill('lantern-Quarry-58');
    await page.getByLabel('Confirm new password').fill('lantern-Quarry-58');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('.form-message--success').filter({ hasText: 'Your password was changed' }).waitFor();
    await snap(page, 'account-settings', true);
    expect((await call(`${stack.api}/auth/me`, { token: otherToken })).status).toBe(401);
    // this browser goes on with its new token
    const stored = await storedSession(page);
    expect((await call(`${stack.api}/auth/me`, { token: stored.token ?? '' })).status).toBe(200);

    const again = await call(`${stack.api}/auth/login`, {
      body: { email: account.email, password: 'lantern-Quarry-58' },
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
      },
    });
    // the list shows this browser and the phone just signed in
    await page.reload();
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await sessions.getByText('Safari on iOS').waitFor();
    expect(await sessions.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/Safari on iOS/),
      expect.stringMatching(/Chrome on Linux\s*This browser/),
    ]);
    await snap(page, 'account-sessions', true);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.locator('.form-message--success').filter({ hasText: 'signed out successfully' }).waitFor();
    expect(
      (await call(`${stack.api}/auth/me`, { token: (again.body as { token: string }).token })).status,
    ).toBe(401);
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    await page.reload();
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    await context.close();
  });

  it('changes the e-mail address from Account settings: a link to the new address, the old one told', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const target = `moved.${Date.now()}@example.com`;
    const { page, context } = await newPage(browser);
    await storeSession(page, shell(), sessionOf(account));
    await page.goto(`${shell()}/account`);
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Change e-mail address' }),
    });
    await card.getByLabel(/New e-mail address/).fill(target);
    await card.getByLabel(/Current password/).fill(account.password);
    await card.getByRole('button', { name: 'Send the link' }).click();
    await card.locator('.form-message--success').filter({ hasText: emailChangeMessages.sent }).waitFor();
    await snap(page, 'account-email-change', true);

    const [mail] = await mailbox(inject('infra'), { withConfirmations: true }).waitFor(target, 1);
    expect(mail?.subject).toBe('Please confirm your new e-mail address');
    const link = mail?.text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
    await page.goto(link as string);
    await page.getByText(emailChangeMessages.changed).waitFor();
    await expect.poll(async () => JSON.parse((await storedSession(page)).user!).email).toBe(target);
    await page.goto(`${shell()}/account`);
    await card.getByText(target).waitFor();
    const [told] = await mailbox(inject('infra')).waitFor(account.email, 1);
    expect(told?.subject).toBe('Your e-mail address was changed');
    await context.close();
  });

  it('shows a job seeker their data and downloads it as one JSON file', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const { page, context } = await newPage(browser);
    await storeSession(page, shell(), sessionOf(account));
    await page.goto(`${shell()}/account`);
    await page.getByRole('link', { name: 'See and download your data' }).click();
    await page.waitForURL(`${shell()}/account/data`);
    const accountCard = page.locator('section', { has: page.getByRole('heading', { name: 'Account' }) });
    await accountCard.getByText(account.email).waitFor();
    await snap(page, 'my-data', true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: myDataTexts.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^meritmatch-data-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = (await download.path()) as string;
    const document = ZAccountExport.parse(JSON.parse(await readFile(saved, 'utf8')));
    expect(document).toMatchObject({ role: 'job_seeker', account: { id: account.id, email: account.email } });
    await page.getByText(myDataTexts.downloaded).waitFor();
    await context.close();
  });

  it('guards the areas: signed out to /login, wrong role to /', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/job-seeker', '/employer/search', '/admin/users']) {
      await page.goto(`${shell()}${path}`);
      await page.waitForURL(`${shell()}/login`);
    }
    const employer = await registerAccount(stack, 'employer');
    await storeSession(page, shell(), sessionOf(employer, 'employer'));
    for (const path of ['/admin', '/job-seeker/skills']) {
      await page.goto(`${shell()}${path}`);
      await page.waitForURL(`${shell()}/`);
    }
    await context.close();
  });

  it('clears both keys and opens /login when the API answers 401', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const admin = await adminAccount(stack);
    const { page, context } = await newPage(browser);
    await storeSession(page, shell(), sessionOf(account, 'job_seeker'));
    await call(`${stack.url('auth')}/internal/users/${account.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'suspended' },
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await page.goto(`${shell()}/job-seeker`);
    await page.waitForURL(`${shell()}/login`, { timeout: 15000 });
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await context.close();
  });

  it('opens a mobile menu with the same entries that closes on a link click and on logout', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const { page, context } = await newPage(browser, phone);
    await page.goto(`${shell()}/`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await snap(page, 'mobile-menu-signed-out');
    await menu.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${shell()}/login`);
    await expect.poll(() => menu.isVisible()).toBe(false);

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${shell()}/job-seeker`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    expect(await menu.getByTestId('nav-display-name').textContent()).toBe(account.email.split('@')[0]);
    await snap(page, 'mobile-menu-signed-in');
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${shell()}/login`);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await context.close();
  });
});
