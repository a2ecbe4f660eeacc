/**
 * Dates are shown in the en-US format in every locale (SPEC §9). Stored dates are calendar dates
 * (YYYY-MM-DD, or the date part of a timestamp) and are formatted as written, in UTC, so no time
 * zone can move them to the previous or next day.
 */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const longFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

const shortFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function toCalendarDate(value: string): Date | null {
  const match = CALENDAR_DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects dates such as 2025-02-30, which Date.UTC would roll over into March.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** "March 16, 2025"; an unreadable value is returned unchanged. */
export function formatLongDate(value: string): string {
  const date = toCalendarDate(value);
  return date ? longFormat.format(date) : value;
}

/** "Mar 16, 2025"; an unreadable value is returned unchanged. */
export function formatShortDate(value: string): string {
  const date = toCalendarDate(value);
  return date ? shortFormat.format(date) : value;
}
