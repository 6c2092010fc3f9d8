import { describe, expect, it } from 'vitest';
import { hasPreferences, noPreferences, ZJobPreferences } from './preferences';

const preferences = {
  workModes: ['hybrid', 'remote'],
  countries: ['DE', 'AT'],
  noticeWeeks: 8,
  minimumSalary: { amount: 65000, currency: 'EUR' },
};
const messageOf = (input: unknown) => ZJobPreferences.safeParse(input).error?.issues[0]?.message;

describe("a job seeker's preferences", () => {
  it('take work modes, countries, a notice in weeks and a minimum yearly salary, or nothing at all', () => {
    expect(ZJobPreferences.parse(preferences)).toEqual(preferences);
    expect(ZJobPreferences.parse(noPreferences)).toEqual(noPreferences);
    expect(hasPreferences(noPreferences)).toBe(false);
    expect(hasPreferences({ ...noPreferences, noticeWeeks: 0 })).toBe(true);
    expect(hasPreferences({ ...noPreferences, workModes: ['remote'] })).toBe(true);
  });

  it.each([
    [{ ...preferences, workModes: ['office'] }, 'Unknown work mode'],
    [{ ...preferences, workModes: ['remote', 'remote'] }, 'Each work mode can be chosen once'],
    [{ ...preferences, countries: ['ZZ'] }, 'Unknown country'],
    [{ ...preferences, countries: ['DE', 'DE'] }, 'Each country can be chosen once'],
    [{ ...preferences, noticeWeeks: -1 }, 'Notice period cannot be negative'],
    [{ ...preferences, noticeWeeks: 2.5 }, 'Notice period must be a whole number of weeks'],
    [{ ...preferences, noticeWeeks: 27 }, 'Notice period can be at most 26 weeks'],
    [{ ...preferences, minimumSalary: { amount: -1, currency: 'EUR' } }, 'Minimum salary cannot be negative'],
    [
      { ...preferences, minimumSalary: { amount: 1000.5, currency: 'EUR' } },
      'Minimum salary must be a whole number',
    ],
    [
      { ...preferences, minimumSalary: { amount: '70000', currency: 'EUR' } },
      'Minimum salary must be a number',
    ],
    [{ ...preferences, minimumSalary: { amount: 70000, currency: 'BTC' } }, 'Unknown currency'],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(input)).toBe(message);
  });

  it('is strict: nothing else rides along, and nothing is left out', () => {
    expect(ZJobPreferences.safeParse({ ...preferences, label: 'expensive' }).success).toBe(false);
    expect(
      ZJobPreferences.safeParse({
        ...preferences,
        minimumSalary: { amount: 1, currency: 'EUR', shown: true },
      }).success,
    ).toBe(false);
    const { noticeWeeks: _, ...withoutNotice } = preferences;
    expect(ZJobPreferences.safeParse(withoutNotice).success).toBe(false);
  });
});
