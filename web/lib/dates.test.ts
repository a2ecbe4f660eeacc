import { describe, expect, it } from 'vitest';
import { elapsedSince, formatDate, formatDateTime, formatTimeAgo } from './dates.js';

describe('formatDate', () => {
  it('writes the long month of the page language', () => {
    expect(formatDate('2025-03-16', 'en')).toBe('March 16, 2025');
    expect(formatDate('2026-01-05', 'en', 'long')).toBe('January 5, 2026');
    expect(formatDate('2026-10-06', 'ar')).toBe('6 أكتوبر 2026');
    expect(formatDate('2017-10-24', 'ar')).toBe('24 أكتوبر 2017');
  });

  it('writes the short month in lists', () => {
    expect(formatDate('2025-03-16', 'en', 'short')).toBe('Mar 16, 2025');
    expect(formatDate('2024-09-01', 'en', 'short')).toBe('Sep 1, 2024');
    // Arabic month names have no short form.
    expect(formatDate('2024-09-01', 'ar', 'short')).toBe('1 سبتمبر 2024');
  });

  it('keeps the calendar date of a timestamp whatever the time zone', () => {
    expect(formatDate('2025-12-31T23:30:00Z', 'en')).toBe('December 31, 2025');
    expect(formatDate('2025-01-01T00:15:00+05:00', 'ar')).toBe('1 يناير 2025');
  });

  it('writes every month as Intl.DateTimeFormat does, in both languages and styles', () => {
    for (const [locale, intlLocale] of [
      ['en', 'en-US'],
      ['ar', 'ar-u-nu-latn'],
    ] as const) {
      for (const style of ['long', 'short'] as const) {
        const intl = new Intl.DateTimeFormat(intlLocale, {
          year: 'numeric',
          month: style,
          day: 'numeric',
          timeZone: 'UTC',
        });
        for (let month = 1; month <= 12; month++) {
          const value = `2025-${String(month).padStart(2, '0')}-${String(month + 9).padStart(2, '0')}`;
          expect(formatDate(value, locale, style)).toBe(intl.format(new Date(`${value}T00:00:00Z`)));
        }
      }
    }
  });

  it('returns an unreadable value unchanged', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
    expect(formatDate('2025-02-30', 'ar')).toBe('2025-02-30');
    expect(formatDate('', 'en', 'short')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes a moment with its time in the page language', () => {
    const moment = new Date(2025, 2, 16, 15, 4).toISOString();
    expect(formatDateTime(moment, 'en')).toBe('Mar 16, 2025, 3:04 PM');
    expect(formatDateTime(moment, 'ar')).toBe('16 مارس 2025، 3:04 م');
  });

  it('returns an unreadable value unchanged', () => {
    expect(formatDateTime('never', 'ar')).toBe('never');
  });
});

const NOW = Date.parse('2025-03-16T12:00:00.000Z');
const ago = (milliseconds: number) => new Date(NOW - milliseconds).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('elapsedSince', () => {
  it('counts whole minutes under an hour, whole hours under a day, then whole days', () => {
    expect(elapsedSince(ago(59 * 1000), NOW)).toEqual({ unit: 'minute', count: 0 });
    expect(elapsedSince(ago(59 * MINUTE + 59_999), NOW)).toEqual({ unit: 'minute', count: 59 });
    expect(elapsedSince(ago(60 * MINUTE), NOW)).toEqual({ unit: 'hour', count: 1 });
    expect(elapsedSince(ago(DAY - 1), NOW)).toEqual({ unit: 'hour', count: 23 });
    expect(elapsedSince(ago(DAY), NOW)).toEqual({ unit: 'day', count: 1 });
    expect(elapsedSince(ago(400 * DAY), NOW)).toEqual({ unit: 'day', count: 400 });
  });

  it('counts a moment ahead of the clock, or one it cannot read, as now', () => {
    expect(elapsedSince(ago(-5 * MINUTE), NOW)).toEqual({ unit: 'minute', count: 0 });
    expect(elapsedSince('not a date', NOW)).toEqual({ unit: 'minute', count: 0 });
  });
});

describe('formatTimeAgo', () => {
  it('says the same in both languages, from the first minute on', () => {
    expect(formatTimeAgo(ago(10 * 1000), NOW, 'en')).toBe('0 minutes ago');
    expect(formatTimeAgo(ago(10 * 1000), NOW, 'ar')).toBe('قبل 0 دقيقة');
    expect(formatTimeAgo(ago(MINUTE), NOW, 'en')).toBe('1 minute ago');
    expect(formatTimeAgo(ago(MINUTE), NOW, 'ar')).toBe('قبل دقيقة واحدة');
    expect(formatTimeAgo(ago(5 * MINUTE), NOW, 'en')).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(5 * MINUTE), NOW, 'ar')).toBe('قبل 5 دقائق');
  });

  it('moves to hours and days with their plural forms', () => {
    expect(formatTimeAgo(ago(2 * 60 * MINUTE), NOW, 'en')).toBe('2 hours ago');
    expect(formatTimeAgo(ago(2 * 60 * MINUTE), NOW, 'ar')).toBe('قبل ساعتين');
    expect(formatTimeAgo(ago(11 * DAY), NOW, 'en')).toBe('11 days ago');
    expect(formatTimeAgo(ago(11 * DAY), NOW, 'ar')).toBe('قبل 11 يومًا');
  });
});
