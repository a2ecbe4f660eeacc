import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate } from './dates.js';

describe('formatLongDate', () => {
  it('writes the en-US long month', () => {
    expect(formatLongDate('2025-03-16')).toBe('March 16, 2025');
    expect(formatLongDate('2026-01-05')).toBe('January 5, 2026');
  });

  it('keeps the calendar date of a timestamp whatever the time zone', () => {
    expect(formatLongDate('2025-12-31T23:30:00Z')).toBe('December 31, 2025');
    expect(formatLongDate('2025-01-01T00:15:00+05:00')).toBe('January 1, 2025');
  });

  it('returns an unreadable value unchanged', () => {
    expect(formatLongDate('soon')).toBe('soon');
    expect(formatLongDate('2025-02-30')).toBe('2025-02-30');
  });
});

describe('formatShortDate', () => {
  it('writes the en-US short month', () => {
    expect(formatShortDate('2025-03-16')).toBe('Mar 16, 2025');
    expect(formatShortDate('2024-09-01')).toBe('Sep 1, 2024');
  });

  it('returns an unreadable value unchanged', () => {
    expect(formatShortDate('')).toBe('');
  });
});
