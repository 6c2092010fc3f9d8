import { describe, expect, it } from 'vitest';
import { toPayload } from './preferences-form';

const values = (amount: string, noticeWeeks = '') => ({
  workModes: [],
  countries: [],
  noticeWeeks,
  minimumSalary: { amount, currency: 'EUR' as const },
});

describe('the preferences form, as sent', () => {
  it('reads "65,000", "65 000" and "65000" alike, and leaves other text for the contract to refuse', () => {
    for (const typed of ['65,000', '65 000', "65'000", '65000'])
      expect(toPayload(values(typed))).toMatchObject({ minimumSalary: { amount: 65000 } });
    expect(toPayload(values('about 60k'))).toMatchObject({ minimumSalary: { amount: 'about60k' } });
  });

  it('reads a very long adversarial entry in one pass (its pattern cannot backtrack)', () => {
    // digits, a dot, digits, then a letter: a pattern that backtracked would try every split
    const typed = `${'1'.repeat(50_000)}.${'1'.repeat(50_000)}x`;
    const sent = toPayload(values(typed)) as { minimumSalary: { amount: unknown } };
    expect(sent.minimumSalary.amount).toBe(typed);
  });
});
