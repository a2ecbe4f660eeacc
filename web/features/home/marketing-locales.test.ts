import { describe, expect, it } from 'vitest';
import arDocs from '../../locales/ar/docs.json' with { type: 'json' };
import arHome from '../../locales/ar/home.json' with { type: 'json' };
import arPrivacy from '../../locales/ar/privacy.json' with { type: 'json' };
import enDocs from '../../locales/en/docs.json' with { type: 'json' };
import enHome from '../../locales/en/home.json' with { type: 'json' };
import enPrivacy from '../../locales/en/privacy.json' with { type: 'json' };
import { POLICY_SECTIONS } from '../privacy/sections.js';

/** Every text with its path; list items count by position, so both languages need the same shape. */
function flatten(tree: object, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [innerKey, text] of flatten(value as object, path)) entries.set(innerKey, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const bold = (text: string) => (text.match(/\*\*/g) ?? []).length;

describe.each([
  ['home', enHome, arHome],
  ['privacy', enPrivacy, arPrivacy],
  ['docs', enDocs, arDocs],
])('the %s texts', (_name, en, ar) => {
  const english = flatten(en);
  const arabic = flatten(ar);

  it('have the same keys in English and Arabic', () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('have real Arabic with the same placeholders and emphasis for every key', () => {
    for (const [key, text] of english) {
      const translation = arabic.get(key) ?? '';
      expect(translation.trim(), key).not.toBe('');
      expect(placeholders(translation), key).toEqual(placeholders(text));
      expect(bold(translation), key).toBe(bold(text));
      if (!/^(GitHub|Discord)$/.test(translation) && !key.endsWith('.source')) {
        expect(translation, key).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });
});

describe('privacy policy texts', () => {
  it('have the ten sections of SPEC §2 and the date of SPEC §9', () => {
    expect(Object.keys(enPrivacy.sections)).toEqual(POLICY_SECTIONS.map(({ key }) => key));
    expect(enPrivacy.lastUpdated).toBe('Last updated March 16, 2025');
    expect(arPrivacy.lastUpdated).toContain('16 مارس 2025');
  });
});
