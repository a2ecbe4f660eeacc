import { useMemo } from 'react';
import type { Locale } from '../../common/account-rules.js';
import { useTranslation } from './i18n.js';
import { INTL_LOCALES } from './texts.js';

/** Long: "March 16, 2025" (paper cards, a paper, a blog post); short: "Mar 16, 2025" (lists). */
export type DateStyle = 'long' | 'short';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const HOURS_PER_DAY = 24;

const formats = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

/** Intl formats are costly to build and a page writes many dates: one per language and style. */
function cached<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, build: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

/**
 * Stored dates are calendar dates (YYYY-MM-DD, or the date part of a timestamp), written as they
 * are, in UTC, so that no time zone moves them to the day before or after.
 */
function toCalendarDate(value: string): Date | null {
  const match = CALENDAR_DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects dates such as 2025-02-30, which Date.UTC would roll over into March.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

const ARABIC_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
] as const;

/**
 * The months of a calendar date as Intl.DateTimeFormat writes them (a test holds them to it). Not Intl
 * itself: building the first DateTimeFormat loads ICU's date data, which takes a phone longer than
 * taking over the rest of a page (tens of milliseconds), and every public page writes a date then.
 */
const MONTHS: Record<Locale, Record<DateStyle, readonly string[]>> = {
  en: {
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  // Arabic has one form of a month's name.
  ar: { long: ARABIC_MONTHS, short: ARABIC_MONTHS },
};

/** A calendar date: "March 16, 2025", "16 مارس 2025"; an unreadable value is returned unchanged. */
export function formatDate(value: string, locale: Locale, style: DateStyle = 'long'): string {
  const date = toCalendarDate(value);
  if (!date) return value;
  const [day, month, year] = [date.getUTCDate(), MONTHS[locale][style][date.getUTCMonth()], date.getUTCFullYear()];
  return locale === 'ar' ? `${day} ${month} ${year}` : `${month} ${day}, ${year}`;
}

/**
 * A moment in the reader's time zone (the admin screens' timestamps): "Mar 16, 2025, 3:04 PM",
 * "16 مارس 2025، 3:04 م"; an unreadable value is returned unchanged.
 */
export function formatDateTime(value: string, locale: Locale): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const format = cached(
    `time:${locale}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALES[locale], {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  );
  return format.format(date);
}

export interface Elapsed {
  unit: 'minute' | 'hour' | 'day';
  count: number;
}

/**
 * How long ago a moment was, in whole units: under 60 minutes in minutes, under 24 hours in hours,
 * otherwise in days. A moment ahead of the reader's clock, or one it cannot read, counts as now.
 */
export function elapsedSince(value: string, now: number): Elapsed {
  const elapsed = now - Date.parse(value);
  const minutes = elapsed > 0 ? Math.floor(elapsed / MINUTE_MS) : 0;
  if (minutes < MINUTES_PER_HOUR) return { unit: 'minute', count: minutes };
  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  if (hours < HOURS_PER_DAY) return { unit: 'hour', count: hours };
  return { unit: 'day', count: Math.floor(hours / HOURS_PER_DAY) };
}

/**
 * "5 minutes ago", "قبل 5 دقائق": always the number, so that both languages say the same, as the
 * comment ages of the site are written (a comment under a minute old says "just now" instead).
 */
export function formatTimeAgo(value: string, now: number, locale: Locale): string {
  const { unit, count } = elapsedSince(value, now);
  const format = cached(
    `ago:${locale}`,
    () => new Intl.RelativeTimeFormat(INTL_LOCALES[locale], { numeric: 'always' }),
  );
  // Negative is past, −0 included: "0 minutes ago", not "in 0 minutes".
  return format.format(-count, unit);
}

/** The formats above in the language of the page; a component using them follows a change of language. */
export function useDates() {
  const locale = useTranslation().i18n.language;
  return useMemo(
    () => ({
      date: (value: string, style?: DateStyle) => formatDate(value, locale, style),
      dateTime: (value: string) => formatDateTime(value, locale),
      timeAgo: (value: string, now: number) => formatTimeAgo(value, now, locale),
    }),
    [locale],
  );
}
