import { authTimeoutMs, type UserType } from '@meritmatch/contracts';

export const areas = ['auth', 'profile', 'matching', 'admin', 'notifications'] as const;
export type Area = (typeof areas)[number];

/**
 * One row of the route table: a path prefix, the service that owns it, the role it needs,
 * where the default (`PROXY_TIMEOUT_MS`) does not fit, how long the gateway waits, and whether
 * the answer is passed on as it comes (`streamed`: the time-out then bounds its start only).
 */
export type RouteRule = {
  prefix: string;
  area: Area;
  role?: UserType;
  timeoutMs?: number;
  streamed?: boolean;
};

/**
 * The route table, most specific first (SPEC.md section 7 lists every call). `/api/auth/*` is
 * public; every other family needs a valid token of its role.
 */
export const routeTable: readonly RouteRule[] = [
  // sign-up and sign-in hash a password on a thread of lower priority (auth's password-parameters):
  // on a machine whose cores are all busy it waits its turn, and one took past 5 s in CI; the auth
  // service's own budget is the same
  { prefix: '/api/auth', area: 'auth', timeoutMs: authTimeoutMs },
  // the job seeker's Interest page: their match requests, owned by matching
  { prefix: '/api/job-seeker/interest', area: 'matching', role: 'job_seeker' },
  // each person's e-mail settings, and the admin's Email Templates and System Settings
  { prefix: '/api/job-seeker/notifications', area: 'notifications', role: 'job_seeker' },
  { prefix: '/api/job-seeker', area: 'profile', role: 'job_seeker' },
  { prefix: '/api/employer/notifications', area: 'notifications', role: 'employer' },
  { prefix: '/api/employer/profile', area: 'profile', role: 'employer' },
  // reads from the in-memory index answer in milliseconds: a hung matching service shows the
  // employer an error after 3 s, not 5
  { prefix: '/api/employer/search', area: 'matching', role: 'employer', timeoutMs: 3000 },
  { prefix: '/api/employer/candidate', area: 'matching', role: 'employer', timeoutMs: 3000 },
  { prefix: '/api/employer', area: 'matching', role: 'employer' },
  { prefix: '/api/admin/email-templates', area: 'notifications', role: 'admin' },
  { prefix: '/api/admin/system-settings', area: 'notifications', role: 'admin' },
  // the whole filtered contact log as CSV: no cap on its size, so it is passed on as it is written
  { prefix: '/api/admin/contact-logs/export', area: 'admin', role: 'admin', streamed: true },
  { prefix: '/api/admin', area: 'admin', role: 'admin' },
];

/** The rule for a path, matching whole segments (`/api/employer/profiles` is not `/api/employer/profile`). */
export function matchRoute(path: string, table: readonly RouteRule[] = routeTable): RouteRule | undefined {
  return table.find((rule) => path === rule.prefix || path.startsWith(`${rule.prefix}/`));
}
