import { describe, expect, it } from 'vitest';
import { SharedLimiter } from './shared-limiter';
import type { SlotStore } from './slot-store';

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
