import { remoteLoadTimeoutMs } from '@meritmatch/web-kit/load-timeout';

const early = new Map<string, Promise<Response>>();

/**
 * Starts fetching an area's manifest while the federation runtime itself is still loading
 * (the first area of a tab), so that the two travel together instead of one after the other.
 */
export function prefetchManifest(url: string) {
  if (early.has(url)) return;
  const response = fetch(url, { signal: AbortSignal.timeout(remoteLoadTimeoutMs) });
  early.set(url, response);
  // a failed early fetch is forgotten, so the runtime asks again; and it never goes unhandled
  // when the runtime does not ask at all
  response.catch(() => {
    if (early.get(url) === response) early.delete(url);
  });
}

/** The early fetch of `url`, once: the runtime's own fetch of it takes this instead of asking again. */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const response = early.get(url);
  early.delete(url);
  return response;
}
