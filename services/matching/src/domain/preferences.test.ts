import { type JobPreferences, noPreferences, type PositionTerms } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import { acceptsTerms } from './preferences';

const terms: PositionTerms = {
  workMode: 'hybrid',
  country: 'DE',
  salary: { min: 60_000, max: 75_000, currency: 'EUR' },
  startWithinWeeks: 8,
};
const accepts = (preferences: Partial<JobPreferences>, changed: Partial<PositionTerms> = {}) =>
  acceptsTerms({ ...noPreferences, ...preferences }, { ...terms, ...changed });

describe("a candidate's preferences and a position's terms", () => {
  it('accept every position when none is set', () => {
    expect(accepts({})).toBe(true);
    expect(accepts({}, { workMode: 'remote', country: null, startWithinWeeks: 0 })).toBe(true);
  });

  it('work modes: any of the list, or any at all when the list is empty', () => {
    expect(accepts({ workModes: ['remote'] })).toBe(false);
    expect(accepts({ workModes: ['remote', 'hybrid'] })).toBe(true);
    expect(accepts({ workModes: ['on-site'] }, { workMode: 'on-site' })).toBe(true);
    expect(accepts({ workModes: [] }, { workMode: 'on-site' })).toBe(true);
  });

  it('countries: the position’s country must be listed; remote work open to any country is accepted', () => {
    expect(accepts({ countries: ['AT', 'CH'] })).toBe(false);
    expect(accepts({ countries: ['AT', 'DE'] })).toBe(true);
    expect(accepts({ countries: ['AT'] }, { workMode: 'remote', country: null })).toBe(true);
    // a remote position tied to a country is that country's
    expect(accepts({ countries: ['AT'] }, { workMode: 'remote', country: 'DE' })).toBe(false);
    expect(accepts({ countries: [] }, { country: 'JP' })).toBe(true);
  });

  it('minimum salary: above the maximum of the band in the same currency is not accepted; equal is', () => {
    const minimum = (amount: number, currency: 'EUR' | 'USD' = 'EUR') => ({
      minimumSalary: { amount, currency },
    });
    expect(accepts(minimum(75_001))).toBe(false);
    expect(accepts(minimum(75_000))).toBe(true);
    // between min and max, or below min: the band reaches it
    expect(accepts(minimum(70_000))).toBe(true);
    expect(accepts(minimum(10_000))).toBe(true);
    expect(accepts(minimum(0), { salary: { min: 0, max: 0, currency: 'EUR' } })).toBe(true);
  });

  it('minimum salary in another currency: not compared (no exchange rate), so accepted', () => {
    expect(accepts({ minimumSalary: { amount: 1_000_000, currency: 'USD' } })).toBe(true);
    expect(
      accepts(
        { minimumSalary: { amount: 90_000, currency: 'GBP' } },
        { salary: { min: 50_000, max: 60_000, currency: 'GBP' } },
      ),
    ).toBe(false);
  });

  it('notice: longer than the latest start is not accepted; equal is; an open start takes any notice', () => {
    expect(accepts({ noticeWeeks: 9 })).toBe(false);
    expect(accepts({ noticeWeeks: 8 })).toBe(true);
    expect(accepts({ noticeWeeks: 0 }, { startWithinWeeks: 0 })).toBe(true);
    expect(accepts({ noticeWeeks: 1 }, { startWithinWeeks: 0 })).toBe(false);
    expect(accepts({ noticeWeeks: 26 }, { startWithinWeeks: null })).toBe(true);
  });

  it('all must accept: one preference that refuses is enough to leave the candidate out', () => {
    const all: Partial<JobPreferences> = {
      workModes: ['hybrid', 'remote'],
      countries: ['DE'],
      noticeWeeks: 4,
      minimumSalary: { amount: 70_000, currency: 'EUR' },
    };
    expect(accepts(all)).toBe(true);
    expect(accepts(all, { workMode: 'on-site' })).toBe(false);
    expect(accepts(all, { country: 'FR' })).toBe(false);
    expect(accepts(all, { startWithinWeeks: 2 })).toBe(false);
    expect(accepts(all, { salary: { min: 50_000, max: 65_000, currency: 'EUR' } })).toBe(false);
  });
});
