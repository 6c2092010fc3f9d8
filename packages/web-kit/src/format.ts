/**
 * The product's one way of writing dates (British English, short month names):
 * a day reads `15 Mar 2021`, a month `Mar 2021`, a moment `15 Mar 2021, 14:03`.
 * Calendar dates (`YYYY-MM-DD`) are read as written, in UTC, so no time zone moves them
 * a day; timestamps are shown in the viewer's local time.
 */
const locale = 'en-GB';
const dayStyle = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/**
 * A formatter made on first use and kept: making one loads locale data, slow on a slow phone,
 * which a page that shows no date (sign-in) should not pay while it starts.
 */
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, options);
    return made;
  };
};
const calendarDay = formatter({ ...dayStyle, timeZone: 'UTC' });
const calendarMonth = formatter({ month: 'short', year: 'numeric', timeZone: 'UTC' });
const localDay = formatter(dayStyle);
const localMoment = formatter({ ...dayStyle, hour: '2-digit', minute: '2-digit' });

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const calendar = (value: string) => new Date(`${value}T00:00:00Z`);

function timestamp(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date or a timestamp as `15 Mar 2021`; anything unreadable is shown as it came. */
export function formatDate(value: string): string {
  if (isCalendarDate(value)) return calendarDay().format(calendar(value));
  const date = timestamp(value);
  return date ? localDay().format(date) : value;
}

/** A timestamp as `15 Mar 2021, 14:03` (local time). */
export function formatDateTime(value: string): string {
  const date = timestamp(value);
  return date ? localMoment().format(date) : value;
}

/** `2021-03-15` as `Mar 2021`. */
export const formatMonthYear = (value: string) =>
  isCalendarDate(value) ? calendarMonth().format(calendar(value)) : value;

/** A period of work: `Jan 2019 – Mar 2021`, or `Jan 2019 – Present` without an end. */
export const formatPeriod = (start: string, end: string | null | undefined) =>
  `${formatMonthYear(start)} – ${end ? formatMonthYear(end) : 'Present'}`;

/** `3.7` as `3.70/4.0` (SPEC.md section 9: GPA displayed out of 4.0). */
export const formatGpa = (gpa: number) => `${gpa.toFixed(2)}/4.0`;

/** `1 education entry`, `3 education entries`. */
export const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** `expert` as `Expert`. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The local calendar day as `2026-11-26`, for file names. */
export function isoDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
