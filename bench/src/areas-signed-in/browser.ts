import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { resultsDir } from '../report';
import type { Screen, StoredSession } from './screens';

/** Puts a session in the origin's localStorage, as the shell keeps it, before the page is opened. */
export async function putSession(page: Page, origin: string, session: StoredSession) {
  await page.goto(`${origin}/config.json`);
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: session.token, user: session.user },
  );
}

/** The same in a browser Lighthouse is about to drive (chrome-launcher's, by its debugging port). */
export async function putSessionInto(port: number, origin: string, session: StoredSession) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await putSession(page, origin, session);
    await page.close();
  } finally {
    // a browser reached over CDP is only let go of, not closed
    await browser.close();
  }
}

export type ScriptBytes = { shell: number; remote: number; files: number };

/**
 * The JavaScript a screen loads on a cold visit until the network is quiet, gzip-compressed (level
 * 9, as the build's `.gz` files are), split into the shell's part and the remote's: the remote's
 * are its own origin under `npm start`, or under `/mfe/` on the one public origin.
 */
export async function firstLoadScripts(
  browser: Browser,
  origin: string,
  screen: Screen,
  session: StoredSession,
): Promise<ScriptBytes> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await putSession(page, origin, session);
    const scripts: Promise<{ remote: boolean; bytes: number }>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() !== 'script') return;
      const remote = url.origin !== origin || url.pathname.startsWith('/mfe/');
      scripts.push(response.body().then((body) => ({ remote, bytes: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(`${origin}${screen.path}`, { waitUntil: 'networkidle' });
    await page
      .getByRole('heading', { name: screen.shows })
      .waitFor()
      .catch(async (error: unknown) => {
        // what the page showed instead, for the person reading the failure
        mkdirSync(resultsDir, { recursive: true });
        await page.screenshot({
          path: join(resultsDir, `areas-signed-in-failed${screen.path.replaceAll('/', '-')}.png`),
        });
        throw error;
      });
    const loaded = await Promise.all(scripts);
    return {
      shell: loaded.filter((script) => !script.remote).reduce((sum, script) => sum + script.bytes, 0),
      remote: loaded.filter((script) => script.remote).reduce((sum, script) => sum + script.bytes, 0),
      files: loaded.length,
    };
  } finally {
    await context.close();
  }
}
