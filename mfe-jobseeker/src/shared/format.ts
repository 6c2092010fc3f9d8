const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** `2021-03-15` reads `Mar 2021`. */
export const formatMonthYear = (value: string) =>
  isIsoDate(value) ? monthYear.format(new Date(`${value}T00:00:00Z`)) : value;

/** `2021-03-15` reads `15 March 2021`. */
export const formatDate = (value: string) =>
  isIsoDate(value) ? fullDate.format(new Date(`${value}T00:00:00Z`)) : value;

/** A comma-separated text field as a list: trimmed, blanks and repeats dropped. */
export function splitList(text: string | undefined): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of (text ?? '').split(',')) {
    const item = raw.trim();
    if (item === '' || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
}

export const joinList = (items: readonly string[]) => items.join(', ');

/** Blank text becomes absent, so that empty optional fields stay out of the payload. */
export const blankToUndefined = (text: string | undefined) => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
};

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp as `4 May 2026, 14:03` (local time). */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}
