const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const HOURS_PER_DAY = 24;

export interface CommentAge {
  unit: 'minutes' | 'hours' | 'days';
  count: number;
}

/**
 * How old a comment is, in whole units: under 60 minutes in minutes, under 24 hours in hours,
 * otherwise in days. A date ahead of the reader's clock, or one it cannot read, counts as now.
 */
export function commentAge(createdAt: string, now: number): CommentAge {
  const elapsed = now - Date.parse(createdAt);
  const minutes = elapsed > 0 ? Math.floor(elapsed / MINUTE_MS) : 0;
  if (minutes < MINUTES_PER_HOUR) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  if (hours < HOURS_PER_DAY) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / HOURS_PER_DAY) };
}
