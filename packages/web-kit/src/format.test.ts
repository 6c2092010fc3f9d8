import { describe, expect, it, vi } from 'vitest';
import {
  capitalize,
  countOf,
  formatDate,
  formatDateTime,
  formatGpa,
  formatMonthYear,
  formatPeriod,
  isoDay,
} from './format';

describe('the product date format', () => {
  it('writes a calendar date as day, short month and year, whatever the time zone', () => {
    expect(formatDate('2022-05-10')).toBe('10 May 2022');
    expect(formatDate('2021-01-01')).toBe('1 Jan 2021');
  });

  it('writes a timestamp in the same style, with the time when the moment matters', () => {
    const moment = new Date(2026, 10, 26, 14, 3).toISOString();
    expect(formatDate(moment)).toBe('26 Nov 2026');
    expect(formatDateTime(moment)).toBe('26 Nov 2026, 14:03');
  });

  it('writes months and periods of work', () => {
    expect(formatMonthYear('2026-02-10')).toBe('Feb 2026');
    expect(formatPeriod('2015-01-12', null)).toBe('Jan 2015 – Present');
    expect(formatPeriod('2019-06-01', '2019-07-31')).toBe('Jun 2019 – Jul 2019');
  });

  it('shows what it cannot read as it came', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
    expect(formatMonthYear('2021')).toBe('2021');
  });
});

describe('numbers and words', () => {
  it('shows a GPA out of 4.0, counts with the right noun and capitalizes', () => {
    expect(formatGpa(3.7)).toBe('3.70/4.0');
    expect(countOf(1, 'education entry', 'education entries')).toBe('1 education entry');
    expect(countOf(0, 'education entry', 'education entries')).toBe('0 education entries');
    expect(capitalize('expert')).toBe('Expert');
    expect(isoDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('starting a page', () => {
  it('makes no date formatter until a date is shown (each one loads locale data)', async () => {
    vi.resetModules();
    const original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = new Proxy(original, {
      construct(target, args) {
        made += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      const format = await import('./format');
      expect(made).toBe(0);
      expect(format.formatDate('2021-03-15')).toBe('15 Mar 2021');
      format.formatDate('2021-04-15');
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });
});
