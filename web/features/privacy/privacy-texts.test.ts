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
});
