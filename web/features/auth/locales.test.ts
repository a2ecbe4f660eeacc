import { describe, expect, it } from 'vitest';
import arAdmin from '../../locales/ar/admin.json' with { type: 'json' };
import arAuth from '../../locales/ar/auth.json' with { type: 'json' };
import enAdmin from '../../locales/en/admin.json' with { type: 'json' };
import enAuth from '../../locales/en/auth.json' with { type: 'json' };

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
const hasArabic = (text: string) => /[\u0600-\u06FF]/.test(text);

describe.each([
  ['auth', enAuth, arAuth],
  ['admin', enAdmin, arAdmin],
])('the %s namespace', (_name, en, ar) => {
  const english = flatten(en);
  const arabic = flatten(ar);

  it('has the same keys in English and Arabic', () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has real Arabic with the same placeholders for every text', () => {
    for (const [key, text] of english) {
      const translation = arabic.get(key) ?? '';
      expect(hasArabic(translation), key).toBe(true);
      expect(placeholders(translation), key).toEqual(placeholders(text));
    }
  });
});
