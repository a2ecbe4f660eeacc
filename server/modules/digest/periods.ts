import type { DigestFrequency } from '../../../common/digest-rules.js';

/** One period of the digest: [start, end) in UTC, named by a key unique across frequencies. */
export interface DigestPeriod {
  frequency: DigestFrequency;
  /** `daily:2026-02-03`, or `weekly:2026-W06` (ISO week). */
  key: string;
  start: Date;
  end: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** ISO 8601 week of a Monday: the week belongs to the year of its Thursday, and week 1 holds that year's first Thursday. */
function isoWeekName(mondayMs: number): string {
  const thursday = new Date(mondayMs + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / WEEK_MS) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The period of a frequency that holds the instant `at`: its UTC day, or its ISO week from Monday 00:00 UTC. */
export function periodContaining(frequency: DigestFrequency, at: Date): DigestPeriod {
  const day = startOfUtcDay(at.getTime());
  if (frequency === 'daily') {
    return {
      frequency,
      key: `daily:${new Date(day).toISOString().slice(0, 10)}`,
      start: new Date(day),
      end: new Date(day + DAY_MS),
    };
  }
  // getUTCDay counts from Sunday (0); ISO weeks start on Monday.
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
  return { frequency, key: `weekly:${isoWeekName(monday)}`, start: new Date(monday), end: new Date(monday + WEEK_MS) };
}

/** The last whole period before `now`: the one the digest mails about. */
export function periodJustEnded(frequency: DigestFrequency, now: Date): DigestPeriod {
  return periodContaining(frequency, new Date(periodContaining(frequency, now).start.getTime() - 1));
}
