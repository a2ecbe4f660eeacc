/** Timestamps of the admin screens, apart from lib/dates so that the public pages do not carry them. */
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * "Mar 16, 2025, 3:04 PM" of a timestamp in the reader's time zone (en-US in every locale, like every
 * date of the site); an unreadable value is returned unchanged.
 */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}
