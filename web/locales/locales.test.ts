import { describe, expect, it } from 'vitest';
import ar from './ar.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

const englishFiles = import.meta.glob<object>('./en/*.json', { eager: true, import: 'default' });
const arabicFiles = import.meta.glob<object>('./ar/*.json', { eager: true, import: 'default' });

/** The shared texts and every feature namespace, each as [name, English, Arabic]. */
const NAMESPACES: [string, object, object | undefined][] = [
  ['translation', en, ar],
  ...Object.entries(englishFiles).map(([file, texts]): [string, object, object | undefined] => [
    file.replace(/^\.\/en\/|\.json$/g, ''),
    texts,
    arabicFiles[file.replace('./en/', './ar/')],
  ]),
];

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** Names that stay in Latin letters in Arabic too. */
const PROPER_NOUNS = /^(GitHub|Discord|PDF|API|arXiv|BibTeX|RIS|CSV)$/;

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
const baseKeys = (texts: Map<string, string>) =>
  [...new Set([...texts.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
const boldMarks = (text: string) => (text.match(/\*\*/g) ?? []).length;

describe.each(NAMESPACES)('the %s texts', (_name, englishTree, arabicTree) => {
  const english = flatten(englishTree);
  const arabic = flatten(arabicTree ?? {});

  it('exist in Arabic for every English key (plural forms aside)', () => {
    expect(arabicTree).toBeDefined();
    expect(baseKeys(arabic)).toEqual(baseKeys(english));
  });

  it('are real Arabic, with the placeholders and emphasis of the English text', () => {
    for (const [key, text] of arabic) {
      expect(text.trim(), key).not.toBe('');
      if (!PROPER_NOUNS.test(text) && !key.endsWith('.source')) expect(text, key).toMatch(/[\u0600-\u06FF]/);
      const source = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other')) ?? '';
      // Arabic's zero, one and two plural forms may spell the number out instead of using {{count}}.
      if (PLURAL_SUFFIX.test(key))
        expect(
          placeholders(text).every((name) => source.includes(`{{${name}}}`)),
          key,
        ).toBe(true);
      else expect(placeholders(text), key).toEqual(placeholders(source));
      expect(boldMarks(text), key).toBe(boldMarks(source));
    }
  });

  it('call bookmarks by the one Arabic term of the site (إشارة مرجعية), never favourites (المفضلة)', () => {
    for (const [key, text] of arabic) expect(text, key).not.toContain('المفضلة');
  });
});
