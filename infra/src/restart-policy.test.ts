import { describe, expect, it } from 'vitest';
import { RestartPolicy } from './restart-policy';

describe('the restart policy', () => {
  it('backs off with each crash in the window and gives up after the maximum', () => {
    const policy = new RestartPolicy({ maxRestarts: 3, windowMs: 60000, baseDelayMs: 500, maxDelayMs: 1500 });
    expect(policy.crashed('auth', 0)).toEqual({ delayMs: 500, attempt: 1 });
    expect(policy.crashed('auth', 1000)).toEqual({ delayMs: 1000, attempt: 2 });
    expect(policy.crashed('auth', 2000)).toEqual({ delayMs: 1500, attempt: 3 });
    expect(policy.crashed('auth', 3000)).toBeUndefined();
    expect(policy.crashed('profile', 3000)).toEqual({ delayMs: 500, attempt: 1 });
  });

  it('forgets crashes older than the window', () => {
    const policy = new RestartPolicy({ maxRestarts: 2, windowMs: 10000 });
    policy.crashed('kafka', 0);
    policy.crashed('kafka', 1000);
    expect(policy.crashed('kafka', 20000)).toEqual({ delayMs: 500, attempt: 1 });
  });
});
