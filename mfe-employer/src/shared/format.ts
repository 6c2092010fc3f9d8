const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const calendarDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const localDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** `2019-01-15` reads `Jan 2019`. */
export const formatMonthYear = (value: string) =>
  isIsoDate(value) ? monthYear.format(new Date(`${value}T00:00:00Z`)) : value;

/** A period of work: `Jan 2019 – Present` when there is no end date. */
export const formatPeriod = (start: string, end: string | null) =>
  `${formatMonthYear(start)} – ${end ? formatMonthYear(end) : 'Present'}`;

/** A calendar date (`2021-03-15`) or a timestamp, read as `15 Mar 2021`. */
export function formatDate(value: string): string {
  if (isIsoDate(value)) return calendarDate.format(new Date(`${value}T00:00:00Z`));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : localDate.format(date);
}

/** `3.7` reads `3.70/4.0`. */
export const formatGpa = (gpa: number) => `${gpa.toFixed(2)}/4.0`;

/** `1 education entry`, `3 experience entries`. */
export const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** `expert` reads `Expert`. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
