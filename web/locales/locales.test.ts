import { describe, expect, it } from 'vitest';
import ar from './ar.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

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

describe('locales', () => {
  const english = flatten(en);
  const arabic = flatten(ar);

  it('have the same keys', () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('have a non-empty Arabic text, with the same placeholders, for every key', () => {
    for (const [key, text] of english) {
      const translation = arabic.get(key) ?? '';
      expect(translation.trim(), key).not.toBe('');
      expect(placeholders(translation), key).toEqual(placeholders(text));
    }
  });
});
