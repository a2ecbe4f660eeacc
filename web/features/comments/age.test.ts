import { describe, expect, it } from 'vitest';
import { commentAge } from './age.js';

const NOW = Date.parse('2025-03-16T12:00:00.000Z');
const ago = (milliseconds: number) => new Date(NOW - milliseconds).toISOString();
const MINUTE = 60_000;

describe('the age of a comment', () => {
  it('counts whole minutes under an hour, whole hours under a day, then whole days', () => {
    expect(commentAge(ago(59 * 1000), NOW)).toEqual({ unit: 'minutes', count: 0 });
    expect(commentAge(ago(59 * MINUTE + 59_999), NOW)).toEqual({ unit: 'minutes', count: 59 });
    expect(commentAge(ago(60 * MINUTE), NOW)).toEqual({ unit: 'hours', count: 1 });
    expect(commentAge(ago(24 * 60 * MINUTE - 1), NOW)).toEqual({ unit: 'hours', count: 23 });
    expect(commentAge(ago(24 * 60 * MINUTE), NOW)).toEqual({ unit: 'days', count: 1 });
    expect(commentAge(ago(400 * 24 * 60 * MINUTE), NOW)).toEqual({ unit: 'days', count: 400 });
  });

  it('counts a date ahead of the clock, or one it cannot read, as now', () => {
    expect(commentAge(ago(-5 * MINUTE), NOW)).toEqual({ unit: 'minutes', count: 0 });
    expect(commentAge('not a date', NOW)).toEqual({ unit: 'minutes', count: 0 });
  });
});
