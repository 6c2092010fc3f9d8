/**
 * Runs `work` once the browser is idle (`requestIdleCallback`), or after `fallbackMs` where it
 * has none (Safari): for loading code ahead of a likely click without slowing what the page is
 * doing first. Read at call time, so a page (or a test) that replaces it is followed.
 */
export function whenIdle(work: () => void, fallbackMs = 200) {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(() => work());
  else setTimeout(work, fallbackMs);
}
