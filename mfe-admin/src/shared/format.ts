const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const calendar = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An ISO timestamp as `26 Nov 2026, 14:03` (local time). */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? dateTime.format(date) : value;
}

/** An ISO timestamp as `26 Nov 2026` (local time). */
export function formatDay(value: string): string {
  const date = parse(value);
  return date ? dateOnly.format(date) : value;
}

/** A calendar date (`2021-03-15`) as `15 Mar 2021`. */
export const formatCalendarDate = (value: string) =>
  isIsoDate(value) ? calendar.format(new Date(`${value}T00:00:00Z`)) : value;

/** `2021-03-15` to now, as `Mar 2021 – Present`. */
export function formatPeriod(start: string, end: string | null): string {
  const month = (value: string) =>
    isIsoDate(value) ? monthYear.format(new Date(`${value}T00:00:00Z`)) : value;
  return `${month(start)} – ${end ? month(end) : 'Present'}`;
}

export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** The local calendar day as `2026-11-26`, for file names. */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
