import type { UserType } from '@meritmatch/contracts';
import { whenIdle } from '@meritmatch/web-kit/idle';
import { loadArea, resetArea } from './areas';
import { type AreaKey, areaOfRole } from './runtime-config';

const started = new Set<AreaKey>();

/**
 * Loads a role's area ahead of the click (its manifest, entry and app chunks, once per tab),
 * so that opening it shows content without waiting for the network. A failure is forgotten,
 * so the real visit tries again and shows its own error if the remote is still down.
 */
export function preloadArea(role: UserType) {
  const key = areaOfRole[role];
  if (started.has(key)) return;
  started.add(key);
  loadArea(key).catch(() => {
    started.delete(key);
    resetArea(key);
  });
}

/** The same when the browser is idle: a signed-in user's own area is the likely next page. */
export function preloadAreaWhenIdle(role: UserType) {
  whenIdle(() => preloadArea(role));
}

const areaPathOfRole: Record<UserType, string> = {
  job_seeker: '/job-seeker',
  employer: '/employer',
  admin: '/admin',
};

/**
 * A page of the signed-in person's own area, opened directly: its load starts with the shell's
 * start, beside `/auth/me` and the banner, not after the first render.
 */
export function preloadOwnAreaOpened(role: UserType, pathname: string) {
  const path = areaPathOfRole[role];
  if (pathname === path || pathname.startsWith(`${path}/`)) preloadArea(role);
}
