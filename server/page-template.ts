/** The places of index.html that differ from page to page. */
export type PageSlot = 'html' | 'title' | 'description' | 'head' | 'root';

const SLOT_PATTERNS: Record<PageSlot, RegExp> = {
  html: /<html lang="[^"]*" dir="[^"]*">/,
  title: /<title>[^<]*<\/title>/,
  description: /<meta name="description" content="[^"]*"\s*\/?>/,
  head: /<!--app-config-->/,
  root: /<div id="root"><\/div>/,
};

/** index.html for one page, from the values of its slots. */
export type PageTemplate = (values: Record<PageSlot, string>) => string;

/**
 * index.html cut once, at start, into its fixed text and its slots; a page is the fixed text joined
 * with the slots' values. A value is never read as a replacement pattern (String.replace expands
 * `$&`, `$'`, `` $` `` and `$$`), so a paper's LaTeX reaches the page as written. A slot the template
 * lacks takes no value.
 */
export function compilePageTemplate(template: string): PageTemplate {
  const found = (Object.entries(SLOT_PATTERNS) as [PageSlot, RegExp][])
    .flatMap(([slot, pattern]) => {
      const match = pattern.exec(template);
      return match ? [{ slot, start: match.index, end: match.index + match[0].length }] : [];
    })
    .sort((a, b) => a.start - b.start);
  const texts: string[] = [];
  let at = 0;
  for (const { start, end } of found) {
    texts.push(template.slice(at, start));
    at = end;
  }
  const last = template.slice(at);
  return (values) => {
    let html = '';
    found.forEach(({ slot }, index) => {
      html += texts[index] + values[slot];
    });
    return html + last;
  };
}
