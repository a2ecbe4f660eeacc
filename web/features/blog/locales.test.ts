import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar/blog.json' with { type: 'json' };
import en from '../../locales/en/blog.json' with { type: 'json' };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(tree: object, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [innerKey, text] of flatten(value as object, path)) entries.set(innerKey, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
const baseKeys = (texts: Map<string, string>) =>
  [...new Set([...texts.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

describe('blog texts', () => {
  const english = flatten(en);
  const arabic = flatten(ar);

  it('exist in both languages (plural forms aside)', () => {
    expect(baseKeys(arabic)).toEqual(baseKeys(english));
  });

  it('have every Arabic plural form that Arabic needs', () => {
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
      expect(arabic.has(`resultCount_${form}`), form).toBe(true);
    }
  });

  it('are never empty and keep the placeholders of the English text', () => {
    for (const [key, text] of arabic) {
      expect(text.trim(), key).not.toBe('');
      const plural = PLURAL_SUFFIX.test(key);
      const source = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other')) ?? '';
      // Arabic's zero, one and two forms may spell the number out rather than use {{count}}.
      if (plural)
        expect(source, key).toSatisfy((value: string) =>
          placeholders(text).every((name) => value.includes(`{{${name}}}`)),
        );
      else expect(placeholders(text), key).toEqual(placeholders(source));
    }
  });

  it('say what the spec says', () => {
    expect(en.search.placeholder).toBe('Search articles...');
    expect(en.emptyTitle).toBe('No posts found');
    expect(en.emptyHint).toBe('Try adjusting your search or filter criteria');
    expect(en.post.backToAll).toBe('Back to all posts');
    expect(en.post.loading).toBe('Loading article...');
    expect(en.post.related).toBe('Related Articles');
  });
});
