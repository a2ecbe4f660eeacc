import { describe, expect, it } from 'vitest';
import { timeLeft } from './time-left.js';

describe('the time left', () => {
  it('is whole hours and minutes, rounded up to the minute and never under one', () => {
    expect(timeLeft(80 * 60 - 30)).toEqual({ hours: 1, minutes: 20 });
    expect(timeLeft(3600)).toEqual({ hours: 1, minutes: 0 });
    expect(timeLeft(3601)).toEqual({ hours: 1, minutes: 1 });
    expect(timeLeft(59)).toEqual({ hours: 0, minutes: 1 });
    expect(timeLeft(0)).toEqual({ hours: 0, minutes: 1 });
    expect(timeLeft(25 * 3600)).toEqual({ hours: 25, minutes: 0 });
  });
});
