import { describe, expect, it } from 'vitest';
import arPrivacy from '../../locales/ar/privacy.json' with { type: 'json' };
import enPrivacy from '../../locales/en/privacy.json' with { type: 'json' };
import { POLICY_SECTIONS } from './sections.js';

describe('privacy policy texts', () => {
  it('have the ten sections of SPEC §2 and the date of SPEC §9', () => {
    expect(Object.keys(enPrivacy.sections)).toEqual(POLICY_SECTIONS.map(({ key }) => key));
    expect(enPrivacy.lastUpdated).toBe('Last updated March 16, 2025');
    expect(arPrivacy.lastUpdated).toContain('16 مارس 2025');
  });

  it('say where rate-limit counters are kept, under a keyed hash, and for how long, in both languages', () => {
    const rateLimiting = (items: unknown[], start: string) =>
      items.flat().find((item): item is string => typeof item === 'string' && item.startsWith(start)) ?? '';
    const en = rateLimiting(enPrivacy.sections.informationCollection.body, '**Rate limiting**');
    const ar = rateLimiting(arPrivacy.sections.informationCollection.body, '**تحديد معدل الطلبات**');
    for (const words of ['memory', 'database', 'Redis', 'keyed hash', 'one hour']) expect(en).toContain(words);
    for (const words of ['ذاكرة', 'قاعدة بياناته', 'Redis', 'تجزئة مفتاحية', 'ساعة واحدة']) expect(ar).toContain(words);
    expect(en).not.toContain('memory only');
  });
});
