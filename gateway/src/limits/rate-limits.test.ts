import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { configureLimitRules, defaultLimitRules } from './rate-limits';
import { SharedLimiter } from './shared-limiter';
import type { SlotStore } from './slot-store';

const required = {
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  KAFKA_BROKERS: '127.0.0.1:9092',
  GATEWAY_SECRET: 'x'.repeat(32),
};

describe('the rate-limit table', () => {
  it('gives every route family an address limit and employers their quotas', () => {
    const byAddress = defaultLimitRules
      .filter((rule) => rule.subject === 'address')
      .map((rule) => rule.prefix);
    for (const family of [
      '/api/auth',
      '/api/job-seeker/interest',
      '/api/job-seeker',
      '/api/employer/profile',
      '/api/employer',
      '/api/admin',
    ])
      expect(byAddress).toContain(family);
    const quotas = defaultLimitRules.filter((rule) => rule.subject === 'account').map((rule) => rule.prefix);
    expect(new Set(quotas)).toEqual(
      new Set(['/api/employer/candidate', '/api/employer/search', '/api/employer/request-candidate']),
    );
  });

  it('is configured from the environment: overrides by name, then the multiplier', () => {
    const env = loadEnv({
      ...required,
      RATE_LIMITS: 'sign-up=5/60, search-day=10/86400',
      RATE_LIMIT_MULTIPLIER: '3',
    });
    const rules = configureLimitRules(env.RATE_LIMITS, env.RATE_LIMIT_MULTIPLIER);
    expect(rules.find((rule) => rule.name === 'sign-up')).toMatchObject({ points: 15, durationSeconds: 60 });
    expect(rules.find((rule) => rule.name === 'search-day')).toMatchObject({
      points: 30,
      durationSeconds: 86400,
    });
    expect(rules.find((rule) => rule.name === 'admin')).toMatchObject({ points: 1800, durationSeconds: 60 });
  });

  it('refuses an override it does not understand, in one line naming the variable', () => {
    expect(() => loadEnv({ ...required, RATE_LIMITS: 'sing-up=5/60' })).toThrow(
      /^RATE_LIMITS must be name=points\/seconds/,
    );
    expect(() => loadEnv({ ...required, GATEWAY_SECRET: 'short' })).toThrow(
      'GATEWAY_SECRET must be at least 32 characters',
    );
    expect(() => loadEnv({ ...required, TRUSTED_PROXIES: '10.0.0.0/8,nope' })).toThrow(
      /^TRUSTED_PROXIES must be/,
    );
    expect(loadEnv(required).PROXY_TIMEOUT_MS).toBe(5000);
  });
});

describe('a shared limiter whose store is down', () => {
  it('counts in memory instead, with the same size, and reports the store error', async () => {
    const errors: unknown[] = [];
    const down = {
      take: async () => {
        throw new Error('connection refused');
      },
    } as unknown as SlotStore;
    const limiter = new SharedLimiter('sign-up', 3, 60, down, (error) => errors.push(error));
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await limiter.consume('203.0.113.5'));
    expect(outcomes.map((outcome) => outcome.allowed)).toEqual([true, true, true, false]);
    expect(outcomes[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect((await limiter.consume('203.0.113.6')).allowed).toBe(true);
    expect(errors).toHaveLength(5);
  });
});
