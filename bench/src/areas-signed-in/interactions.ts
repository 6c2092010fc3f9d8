import type { Browser, Locator, Page } from 'playwright-core';
import { putSession } from './browser';
import type { StoredSession } from './screens';

/** The limit of an interaction on a signed-in screen, from the input to the paint that shows its outcome, at the 75th percentile. */
export const interactionLimitMs = 200;

/**
 * Arms the page: the next click's time (the event's own), then for each of `shown` (JavaScript
 * expressions, given as text so that nothing of the bench's compiler reaches the page) the frame
 * in which it first holds after it. Timed on the page's clock.
 */
async function arm(page: Page, shown: string[]) {
  await page.evaluate(`(() => {
    const marks = { shownAt: [] };
    window.__interaction = marks;
    const conditions = [${shown.map((condition) => `() => (${condition})`).join(', ')}];
    const seen = conditions.map(() => false);
    document.addEventListener('click', (event) => { if (marks.clickedAt === undefined) marks.clickedAt = event.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (marks.clickedAt === undefined) return;
      conditions.forEach((holds, index) => {
        if (seen[index] || !holds()) return;
        seen[index] = true;
        requestAnimationFrame((frame) => { marks.shownAt[index] = frame; });
      });
      if (seen.every(Boolean)) observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  })()`);
}

/** The time from the click `act` makes to the paint of each of `shown`, in their order. */
async function timedEach(page: Page, shown: string[], act: () => Promise<void>): Promise<number[]> {
  await arm(page, shown);
  await act();
  // a function, not text: the page's Content-Security-Policy refuses text evaluated in it
  const marks = await page.waitForFunction(
    (count) => {
      const marks = (window as unknown as { __interaction?: { shownAt: (number | undefined)[] } })
        .__interaction;
      return marks && marks.shownAt.filter((at) => at !== undefined).length === count && marks;
    },
    shown.length,
    { timeout: 30000 },
  );
  const { clickedAt, shownAt } = (await marks.jsonValue()) as { clickedAt: number; shownAt: number[] };
  return shownAt.map((at) => at - clickedAt);
}

async function timed(page: Page, shown: string, act: () => Promise<void>): Promise<number> {
  const [time] = await timedEach(page, [shown], act);
  return time!;
}

/** A page at a phone's CPU (4x slower), signed in, on `path`, once `ready` shows. */
async function openSlowed(
  browser: Browser,
  origin: string,
  session: StoredSession,
  path: string,
  ready: string,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await putSession(page, origin, session);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor({ state: 'attached', timeout: 60000 });
  return { page, close: () => context.close() };
}

const click = (locator: Locator) => async () => locator.click();

/** A search submitted on /employer/search until its results show: alternately a skill someone has and one nobody has. */
export async function searchTimes(browser: Browser, origin: string, employer: StoredSession, runs: number) {
  const { page, close } = await openSlowed(
    browser,
    origin,
    employer,
    '/employer/search',
    '#employer-results[aria-busy="false"]',
  );
  const times: number[] = [];
  try {
    const skills = page.getByLabel('Skills', { exact: true });
    for (let run = 0; run < runs; run++) {
      const found = run % 2 === 0;
      await skills.fill(found ? 'React' : 'Cobol');
      const results = `document.querySelector('#employer-results')`;
      const cards = `${results}.querySelectorAll('[data-testid="candidate-card"]').length`;
      const shown = `${results}.getAttribute('aria-busy') === 'false' && ${found ? `${cards} > 0` : `${cards} === 0`}`;
      times.push(await timed(page, shown, click(page.getByRole('button', { name: 'Search', exact: true }))));
    }
  } finally {
    await close();
  }
  return times;
}

/**
 * "Approve" confirmed on the admin's queue: until the request's row shows its new status (or has
 * left the pending list), and until the server's answer shows above the queue.
 */
export async function approveTimes(browser: Browser, origin: string, admin: StoredSession, codes: string[]) {
  const { page, close } = await openSlowed(
    browser,
    origin,
    admin,
    '/admin/requests',
    '[data-testid="request-row"]',
  );
  const times = { shown: [] as number[], answered: [] as number[] };
  try {
    for (const code of codes) {
      const row = page.getByTestId('request-row').filter({ hasText: code });
      await row.getByRole('button', { name: /^Approve request from/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve match request' });
      const rowOf = `Array.from(document.querySelectorAll('[data-testid="request-row"]')).find((row) => row.textContent.includes(${JSON.stringify(code)}))`;
      const shown = `(() => { const row = ${rowOf}; return !row || row.querySelector('.badge')?.textContent === 'Approved'; })()`;
      const answered = `document.body.textContent.includes('Request approved successfully!')`;
      const [shownMs, answeredMs] = await timedEach(
        page,
        [shown, answered],
        click(dialog.getByRole('button', { name: 'Approve', exact: true })),
      );
      times.shown.push(shownMs!);
      times.answered.push(answeredMs!);
      await dialog.waitFor({ state: 'detached' });
      // the next approval starts from a queue without the last one's row (opening its dialog clears the message)
      await row.waitFor({ state: 'detached' });
    }
  } finally {
    await close();
  }
  return times;
}

/**
 * "Search Candidates" clicked in the employer's menu on a fresh visit of the dashboard (once the
 * network is quiet), until the search page shows.
 */
export async function menuPageTimes(browser: Browser, origin: string, employer: StoredSession, runs: number) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { page, close } = await openSlowed(
      browser,
      origin,
      employer,
      '/employer',
      '[data-testid="company-profile"]',
    );
    try {
      const link = page
        .getByRole('navigation', { name: 'Employer menu' })
        .getByRole('link', { name: 'Search Candidates' });
      times.push(await timed(page, `document.querySelector('#employer-results') !== null`, click(link)));
    } finally {
      await close();
    }
  }
  return times;
}

/** A skill suggestion clicked in the profile builder until the skill shows in its row. */
export async function skillTimes(browser: Browser, origin: string, seeker: StoredSession, runs: number) {
  const { page, close } = await openSlowed(
    browser,
    origin,
    seeker,
    '/job-seeker/skills',
    '[data-testid="skill-suggestions"]',
  );
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const suggestion = page.getByTestId('skill-suggestions').locator('ul button:enabled').first();
      // the button's text is its mark ("+") and then the skill
      const name = await suggestion.evaluate((button) => button.childNodes[1]?.textContent ?? '');
      const shown = `Array.from(document.querySelectorAll('input')).some((input) => input.value === ${JSON.stringify(name)})`;
      times.push(await timed(page, shown, click(suggestion)));
    }
  } finally {
    await close();
  }
  return times;
}
