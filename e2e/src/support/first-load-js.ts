import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/**
 * Counts the JavaScript the page loads from now on, gzip-compressed (level 9, as the build's own
 * `.gz` files are and as the bench counts it); the returned function gives the total in bytes.
 * Call before `page.goto`.
 */
export function countScripts(page: Page) {
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  return async () => (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
}
