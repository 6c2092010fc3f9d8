import { ApiError, SharedLimiter, type SlotStore } from '@meritmatch/service-kit';
import type { Context } from 'hono';

/** Who a limit counts: the caller's address, or the signed-in account (employers' quotas). */
export type LimitSubject = 'address' | 'account';

export type LimitRule = {
  name: string;
  subject: LimitSubject;
  points: number;
  durationSeconds: number;
  method?: string;
  /** A path prefix matched on whole segments. */
  prefix: string;
};

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * The limits (gateway/README.md has the same table). Each request counts against the first
 * address rule it matches, and against every account rule it matches. Sizes are generous for
 * a person using the product and tight for a script: a person signs up once, reads a
 * candidate's detail in seconds rather than milliseconds, and sends a handful of requests a day.
 */
export const defaultLimitRules: readonly LimitRule[] = [
  {
    name: 'sign-up',
    subject: 'address',
    method: 'POST',
    prefix: '/api/auth/register',
    points: 20,
    durationSeconds: hour,
  },
  {
    name: 'sign-in',
    subject: 'address',
    method: 'POST',
    prefix: '/api/auth/login',
    points: 30,
    durationSeconds: 5 * minute,
  },
  { name: 'auth', subject: 'address', prefix: '/api/auth', points: 120, durationSeconds: minute },
  // a person reads their requests and answers a few: the Interest page is its own family
  {
    name: 'job-seeker-interest',
    subject: 'address',
    prefix: '/api/job-seeker/interest',
    points: 120,
    durationSeconds: minute,
  },
  { name: 'job-seeker', subject: 'address', prefix: '/api/job-seeker', points: 300, durationSeconds: minute },
  {
    name: 'employer-profile',
    subject: 'address',
    prefix: '/api/employer/profile',
    points: 120,
    durationSeconds: minute,
  },
  { name: 'employer', subject: 'address', prefix: '/api/employer', points: 300, durationSeconds: minute },
  { name: 'admin', subject: 'address', prefix: '/api/admin', points: 600, durationSeconds: minute },
  // "Download my data" asks every service, and a person needs it rarely
  {
    name: 'account-export',
    subject: 'address',
    prefix: '/api/account/export',
    points: 10,
    durationSeconds: minute,
  },
  {
    name: 'candidate-detail-minute',
    subject: 'account',
    method: 'GET',
    prefix: '/api/employer/candidate',
    points: 30,
    durationSeconds: minute,
  },
  {
    name: 'candidate-detail-day',
    subject: 'account',
    method: 'GET',
    prefix: '/api/employer/candidate',
    points: 300,
    durationSeconds: day,
  },
  {
    name: 'search-minute',
    subject: 'account',
    method: 'GET',
    prefix: '/api/employer/search',
    points: 60,
    durationSeconds: minute,
  },
  {
    name: 'search-day',
    subject: 'account',
    method: 'GET',
    prefix: '/api/employer/search',
    points: 1500,
    durationSeconds: day,
  },
  {
    name: 'match-request-minute',
    subject: 'account',
    method: 'POST',
    prefix: '/api/employer/request-candidate',
    points: 20,
    durationSeconds: minute,
  },
  {
    name: 'match-request-day',
    subject: 'account',
    method: 'POST',
    prefix: '/api/employer/request-candidate',
    points: 50,
    durationSeconds: day,
  },
];

export const limitRuleNames = defaultLimitRules.map((rule) => rule.name);

export type LimitOverride = { points: number; durationSeconds: number };

/** The rules with the environment applied: `overrides` by name, then every size times `multiplier`. */
export function configureLimitRules(
  overrides: Record<string, LimitOverride> = {},
  multiplier = 1,
  rules: readonly LimitRule[] = defaultLimitRules,
): LimitRule[] {
  return rules.map((rule) => {
    const override = overrides[rule.name];
    const sized = override ? { ...rule, ...override } : rule;
    return { ...sized, points: Math.max(1, Math.round(sized.points * multiplier)) };
  });
}

const matches = (rule: LimitRule, method: string, path: string) =>
  (!rule.method || rule.method === method) && (path === rule.prefix || path.startsWith(`${rule.prefix}/`));

const describeWait = (seconds: number) =>
  seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;

/**
 * The gateway's rate limits, counted in the shared store. `admitAddress` runs before the
 * token is checked (so token guessing is limited too), `admitAccount` after it.
 */
export function createRateLimits({
  rules,
  store,
  onStoreError,
}: {
  rules: readonly LimitRule[];
  store: SlotStore;
  onStoreError: (error: unknown) => void;
}) {
  const limiters = new Map(
    rules.map((rule) => [
      rule,
      new SharedLimiter(rule.name, rule.points, rule.durationSeconds, store, onStoreError),
    ]),
  );

  const admit = async (c: Context, rule: LimitRule, key: string) => {
    const limiter = limiters.get(rule)!;
    const outcome = await limiter.consume(key);
    if (outcome.allowed) return;
    c.header('Retry-After', String(outcome.retryAfterSeconds));
    const whose = rule.subject === 'account' ? 'this account' : 'your address';
    throw new ApiError(
      'RATE_LIMITED',
      `Too many requests from ${whose}. Please wait ${describeWait(outcome.retryAfterSeconds)} and try again.`,
      [{ path: 'limit', message: rule.name }],
    );
  };

  return {
    rules,
    async admitAddress(c: Context, address: string) {
      const rule = rules.find(
        (candidate) => candidate.subject === 'address' && matches(candidate, c.req.method, c.req.path),
      );
      if (rule) await admit(c, rule, address);
    },
    async admitAccount(c: Context, userId: string) {
      for (const rule of rules) {
        if (rule.subject === 'account' && matches(rule, c.req.method, c.req.path))
          await admit(c, rule, userId);
      }
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
