import { areaOfRole, embeddedConfig } from './runtime-config';

function otherOrigin(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const { origin } = new URL(url, location.href);
    return origin === location.origin ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Both are fetched without credentials (the API's calls, and the area's manifest first of all). */
function preconnect(href: string) {
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = href;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

/**
 * Connections a signed-in page will need, opened while the shell's own code is still coming: to
 * the API (its first call is `/auth/me`) and to the origin of the person's own area, when either
 * is another origin (`npm start` gives each remote its own). Read from the config the page came
 * with and the stored session, and nothing more: this runs in the entry, before React. A signed-out
 * visitor gets none, so the public pages stay as they are.
 */
export function connectEarly() {
  try {
    const config = embeddedConfig();
    const role: unknown = JSON.parse(localStorage.getItem('user') || 'null')?.userType;
    if (!config || !localStorage.getItem('token') || typeof role !== 'string' || !(role in areaOfRole))
      return;
    const api = otherOrigin(config.apiBaseUrl);
    const area = otherOrigin(config.remotes?.[areaOfRole[role as keyof typeof areaOfRole]]);
    if (api) preconnect(api);
    if (area && area !== api) preconnect(area);
  } catch {
    // an unreadable session or config: no early connection, the page works as without
  }
}
