import { describe, expect, it } from 'vitest';
import type { Account } from '../domain/account';
import { addMonths, retentionStep } from './retention';

const account = (fields: Partial<Account> = {}): Account => ({
  userId: 'u',
  email: 'a@example.com',
  userType: 'job_seeker',
  status: 'active',
  createdAt: new Date('2026-01-31T00:00:00.000Z'),
  statusChangedAt: new Date('2026-01-31T00:00:00.000Z'),
  passwordHash: 'x',
  version: 1,
  updatedAt: new Date('2026-01-31T00:00:00.000Z'),
  ...fields,
});

describe('the retention limit', () => {
  it('adds calendar months, keeping to the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T10:00:00.000Z'), 12).toISOString()).toBe(
      '2027-03-15T10:00:00.000Z',
    );
  });

  it('counts from the last sign-in, or from the creation when none was kept', () => {
    const old = account();
    expect(retentionStep(old, 12, new Date('2026-12-30T00:00:00.000Z'))).toBeNull();
    expect(retentionStep(old, 12, new Date('2026-12-31T00:00:00.000Z'))).toBe('remind');
    const reminded = account({
      retentionStage: 'reminded',
      retentionRemindedAt: new Date('2026-12-31T00:00:00.000Z'),
    });
    expect(retentionStep(reminded, 12, new Date('2027-01-30T00:00:00.000Z'))).toBeNull();
    expect(retentionStep(reminded, 12, new Date('2027-01-31T00:00:00.000Z'))).toBe('hide');
    const hidden = { ...reminded, retentionStage: 'inactive' as const };
    expect(retentionStep(hidden, 12, new Date('2027-02-27T00:00:00.000Z'))).toBeNull();
    expect(retentionStep(hidden, 12, new Date('2027-02-28T00:00:00.000Z'))).toBe('erase');
    const recent = account({ lastSignedInAt: new Date('2027-01-01T00:00:00.000Z') });
    expect(retentionStep(recent, 12, new Date('2027-02-28T00:00:00.000Z'))).toBeNull();
  });

  it('takes the steps in order, and gives a month after the reminder even to an account far past its limit', () => {
    const late = new Date('2030-01-01T00:00:00.000Z');
    expect(retentionStep(account(), 12, late)).toBe('remind');
    const reminded = account({ retentionStage: 'reminded', retentionRemindedAt: late });
    expect(retentionStep(reminded, 12, late)).toBe('hide');
    const hidden = { ...reminded, retentionStage: 'inactive' as const };
    expect(retentionStep(hidden, 12, new Date('2030-01-20T00:00:00.000Z'))).toBeNull();
    expect(retentionStep(hidden, 12, new Date('2030-02-01T00:00:00.000Z'))).toBe('erase');
  });

  it('never takes a step for an admin or an account being erased', () => {
    const late = new Date('2030-01-01T00:00:00.000Z');
    expect(retentionStep(account({ userType: 'admin' }), 12, late)).toBeNull();
    expect(retentionStep(account({ erasureRequestedAt: late }), 12, late)).toBeNull();
  });
});
