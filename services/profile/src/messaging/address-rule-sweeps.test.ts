import { createLogger } from '@meritmatch/service-kit';
import { describe, expect, it } from 'vitest';
import { createAddressRuleSweeps } from './address-rule-sweeps';

/** Unconfirmed job seekers and the rule each profile was last written under. */
function world(rule: { on: boolean }, stored: Record<string, boolean>, afterApply = () => {}) {
  const applied: Array<[string, boolean]> = [];
  let failOnce = new Set<string>();
  const sweeps = createAddressRuleSweeps({
    rule: () => rule.on,
    unconfirmedOffRule: async (target) =>
      Object.entries(stored)
        .filter(([, written]) => written !== target)
        .map(([userId]) => userId),
    applyRule: async (userId, target) => {
      if (failOnce.delete(userId)) throw new Error('database busy');
      applied.push([userId, target]);
      stored[userId] = target;
      afterApply();
    },
    logger: createLogger('sweeps-test', 'silent'),
    retryMs: 5,
  });
  return {
    sweeps,
    applied,
    failing: (...userIds: string[]) => {
      failOnce = new Set(userIds);
    },
  };
}

describe('unconfirmed job seekers follow the rule on addresses', () => {
  it('waits for the settings to be read, then brings every stale profile in line once', async () => {
    const rule = { on: true };
    const { sweeps, applied } = world(rule, { a: false, b: true, c: false });
    sweeps.settingsApplied();
    await sweeps.idle();
    expect(applied).toEqual([]);
    let reads = 0;
    await sweeps.startOnceRead(async () => ++reads > 1);
    await sweeps.idle();
    expect(applied).toEqual([
      ['a', true],
      ['c', true],
    ]);
    // the same rule applied again (a replay, another version) finds nothing to do
    sweeps.settingsApplied();
    await sweeps.idle();
    expect(applied).toHaveLength(2);
  });

  it('sweeps again when the rule changes, and tries a failed profile again', async () => {
    const rule = { on: false };
    const { sweeps, applied, failing } = world(rule, { a: true, b: false });
    await sweeps.startOnceRead(async () => true);
    await sweeps.idle();
    expect(applied).toEqual([['a', false]]);
    rule.on = true;
    failing('b');
    sweeps.settingsApplied();
    await sweeps.idle();
    expect(applied).toEqual([
      ['a', false],
      ['a', true],
      ['b', true],
    ]);
  });

  it('stops a sweep whose rule changed meanwhile and sweeps with the newest', async () => {
    const rule = { on: true };
    const stored: Record<string, boolean> = { a: false, b: false, c: false };
    // the admin turns it off again while the first sweep is under way
    const { sweeps, applied } = world(rule, stored, () => {
      rule.on = false;
      sweeps.settingsApplied();
    });
    await sweeps.startOnceRead(async () => true);
    await sweeps.idle();
    expect(applied).toEqual([
      ['a', true],
      ['a', false],
    ]);
    expect(stored).toEqual({ a: false, b: false, c: false });
  });
});
