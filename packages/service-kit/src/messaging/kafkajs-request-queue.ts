import { createRequire } from 'node:module';

/** The part of kafkajs's (2.2.4) per-connection request queue that the fix below touches. */
type RequestQueue = {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
};

/** kafkajs's own interval for a queue that holds requests and is not throttled. */
const checkPendingIntervalMs = 10;

/**
 * kafkajs 2.2.4, the latest release, re-arms a 1 ms timer for ever on every broker connection
 * once it has had an answer: with no request waiting and no throttling, its
 * `scheduleCheckPendingRequests` sets a timeout of `throttledUntil - now`, a negative number,
 * which Node runs after 1 ms, which schedules the next (kafkajs issues #1556 and #1704, the
 * fix of pull request #1768's review). Every connection of every consumer and producer thus
 * woke its process a thousand times a second, a visible share of a core for an idle service.
 *
 * This is kafkajs's function with that one case ended: nothing waiting and no throttling
 * means nothing to check later. A request that has to wait is queued by `push`, which calls
 * this again, and an answer calls `checkPendingRequests` itself, so no wait is lost.
 */
export function scheduleCheckPendingRequests(this: RequestQueue) {
  if (this.throttleCheckTimeoutId) return;
  let scheduleAt = this.throttledUntil - Date.now();
  if (this.pending.length > 0) scheduleAt = scheduleAt > 0 ? scheduleAt : checkPendingIntervalMs;
  else if (scheduleAt <= 0) return;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, scheduleAt);
}

/** kafkajs's request queue class, as the package's own modules load it. */
export function kafkajsRequestQueue() {
  const require = createRequire(import.meta.url);
  return require('kafkajs/src/network/requestQueue') as { prototype: RequestQueue };
}

/** Puts the fixed scheduling into kafkajs's request queue class: every connection's queue of this process uses it. */
export function fixKafkajsRequestQueue() {
  kafkajsRequestQueue().prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
}
