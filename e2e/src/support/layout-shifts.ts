import type { Page } from 'playwright-core';

/** A layout shift the browser reported, with the elements that moved (tag.class, before → after). */
export type LayoutShift = { value: number; at: number; moved: string[] };

/**
 * Records every layout shift of the next page the tab opens, from its first paint, that no input
 * caused: what the Cumulative Layout Shift is made of. Call before `page.goto`.
 */
export async function watchLayoutShifts(page: Page) {
  // given as text: a function would be compiled by tsx with helpers the page does not have
  await page.addInitScript({
    content: `window.__layoutShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__layoutShifts.push({
      value: entry.value,
      at: Math.round(entry.startTime),
      moved: entry.sources.map((source) => {
        const node = source.node;
        const name = node && node.nodeType === 1 ? node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ').join('.') : '') : String(node && node.nodeName);
        const box = (rect) => Math.round(rect.y) + '+' + Math.round(rect.height);
        return name + ' ' + box(source.previousRect) + ' -> ' + box(source.currentRect);
      }),
    });
  }
}).observe({ type: 'layout-shift', buffered: true });`,
  });
}

/** The shifts recorded so far (value rounded to four places). */
export async function layoutShiftsOf(page: Page): Promise<LayoutShift[]> {
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts?: LayoutShift[] }).__layoutShifts ?? [],
  );
  return shifts.map((shift) => ({ ...shift, value: Number(shift.value.toFixed(4)) }));
}
