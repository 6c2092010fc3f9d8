import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestAccount } from '@meritmatch/testkit';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';

export const artifactsDir = fileURLToPath(new URL('../../artifacts', import.meta.url));

/** Debian's Chromium, headless, with nothing that phones home; `extraArgs` e.g. host-resolver rules. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/** The text of each inline `<style>` or `<script>` in a page's HTML, as the browser hashes it for the policy. */
export const inlineTexts = (html: string, tag: 'style' | 'script') =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1] ?? '');

/** The Content-Security-Policy source that allows an inline element's text: `'sha256-…'`. */
export const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const desktop = { width: 1280, height: 860 };
export const phone = { width: 390, height: 844 };

export async function newPage(
  browser: Browser,
  viewport = desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => process.stderr.write(`[browser] ${error.message}\n`));
  return { context, page };
}

/** Saves a screenshot under e2e/artifacts for a person to look at. */
export async function snap(page: Page, name: string, fullPage = false) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage });
}

/** The session the shell keeps for a signed-in account, as `storeSession` stores it. */
export const sessionOf = (account: TestAccount, userType = account.userType) => ({
  token: account.token,
  user: { id: account.id, email: account.email, userType },
});

/**
 * Stores a session in the shell's origin from an inert document of that origin (its
 * `/config.json`), so that no shell boots here: a shell still starting when the test moves on
 * would read the session late and preload an area, and its requests would reach the
 * listeners the test sets up for the next page.
 */
export async function storeSession(page: Page, shellUrl: string, session: { token: string; user: unknown }) {
  await page.goto(`${shellUrl}/config.json`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
}

/** The footer's About panel, opened afresh: which version of each area this tab runs. */
export async function versionsShownBy(page: Page) {
  const about = page.getByRole('button', { name: 'About' });
  if (await page.getByTestId('loaded-versions').isVisible()) await about.click();
  await about.click();
  return page.getByTestId('loaded-versions').textContent();
}

/**
 * Does `action` and waits until the scripts it made the page ask for have all come: at least one,
 * and, with `including`, at least one whose address it accepts (a preload that starts a moment
 * after the action, say). Counted from the browser's side, since a page under Playwright's fake
 * clock has a fake `performance`, without resource timing.
 */
export async function scriptsLoadedBy(
  page: Page,
  action: () => Promise<void>,
  including: (url: string) => boolean = () => true,
) {
  const waiting = new Set<Request>();
  let included = 0;
  const onAsked = (request: Request) => {
    if (request.resourceType() === 'script') waiting.add(request);
  };
  const onCome = (request: Request) => {
    if (!waiting.delete(request)) return;
    if (including(request.url())) included += 1;
  };
  page.on('request', onAsked);
  page.on('requestfinished', onCome);
  page.on('requestfailed', onCome);
  try {
    await action();
    await expect.poll(() => included > 0 && waiting.size === 0).toBe(true);
  } finally {
    page.off('request', onAsked);
    page.off('requestfinished', onCome);
    page.off('requestfailed', onCome);
  }
}
