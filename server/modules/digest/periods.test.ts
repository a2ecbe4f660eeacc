import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIGEST_FREQUENCIES } from '../../../common/digest-rules.js';
import { periodContaining, periodJustEnded } from './periods.js';

const at = (iso: string) => new Date(iso);
/** Instants from 1990 to 2100, where ISO weeks cross every kind of year boundary. */
const instants = fc.date({ min: at('1990-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z'), noInvalidDate: true });

describe('digest periods', () => {
  it('cuts days at UTC midnight', () => {
    expect(periodContaining('daily', at('2026-02-03T23:59:59.999Z'))).toEqual({
      frequency: 'daily',
      key: 'daily:2026-02-03',
      start: at('2026-02-03T00:00:00Z'),
      end: at('2026-02-04T00:00:00Z'),
    });
    expect(periodContaining('daily', at('2026-02-04T00:00:00Z')).key).toBe('daily:2026-02-04');
  });

  it('cuts weeks at Monday 00:00 UTC and names them by ISO week', () => {
    expect(periodContaining('weekly', at('2026-02-08T23:59:59Z'))).toEqual({
      frequency: 'weekly',
      key: 'weekly:2026-W06',
      start: at('2026-02-02T00:00:00Z'),
      end: at('2026-02-09T00:00:00Z'),
    });
    expect(periodContaining('weekly', at('2026-02-09T00:00:00Z')).key).toBe('weekly:2026-W07');
  });

  it.each([
    ['2024-12-30T12:00:00Z', 'weekly:2025-W01'],
    ['2021-01-03T12:00:00Z', 'weekly:2020-W53'],
    ['2026-01-01T00:00:00Z', 'weekly:2026-W01'],
    ['2027-01-01T00:00:00Z', 'weekly:2026-W53'],
    ['2010-01-04T00:00:00Z', 'weekly:2010-W01'],
  ])('names the week of %s %s, as ISO 8601 does across years', (instant, key) => {
    expect(periodContaining('weekly', at(instant)).key).toBe(key);
  });

  it('mails about the whole period before the current one', () => {
    const now = at('2026-02-09T00:05:00Z');
    expect(periodJustEnded('daily', now)).toMatchObject({ key: 'daily:2026-02-08', end: at('2026-02-09T00:00:00Z') });
    expect(periodJustEnded('weekly', now)).toMatchObject({
      key: 'weekly:2026-W06',
      start: at('2026-02-02T00:00:00Z'),
      end: at('2026-02-09T00:00:00Z'),
    });
  });

  it('holds every instant in exactly one period, next to the one before it, each with its own key', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...DIGEST_FREQUENCIES), (instant, frequency) => {
        const period = periodContaining(frequency, instant);
        expect(period.start.getTime()).toBeLessThanOrEqual(instant.getTime());
        expect(period.end.getTime()).toBeGreaterThan(instant.getTime());
        const before = periodJustEnded(frequency, instant);
        expect(before.end).toEqual(period.start);
        expect(before.key).not.toBe(period.key);
        expect(periodContaining(frequency, before.start)).toEqual(before);
        if (frequency === 'weekly') expect(period.start.getUTCDay()).toBe(1);
      }),
    );
  });
});
