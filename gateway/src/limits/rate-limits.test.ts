import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { configureLimitRules, defaultLimitRules } from './rate-limits';

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
      '/api/account/export',
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
