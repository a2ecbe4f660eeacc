import { describe, expect, it } from 'vitest';
import { renderDoc, rewriteDocHref } from './markdown-plugin.js';

const SOURCE = `---
title: Search
group: digest-api
order: 3
---

# Search

The digest ranks papers with **full text** & vectors. See [installation](installation.md#requirements).

## Query <syntax>

| Field | Meaning |
|---|---|
| \`q\` | The \`<query>\` |

\`\`\`sh
curl 'http://localhost:3000/api/papers?page=0' && echo "<done>"
\`\`\`

## Query <syntax>

Read [the paper](https://arxiv.org/abs/2005.11401) or [the API](/api/docs/json) or [below](#query-syntax).

<script>alert(1)</script>
`;

describe('renderDoc', () => {
  const page = renderDoc(SOURCE, 'search', 'en');

  it('takes title, group and order from the front matter and drops the first-level heading', () => {
    expect(page).toMatchObject({ slug: 'search', locale: 'en', title: 'Search', group: 'digest-api', order: 3 });
    expect(page.html).not.toContain('<h1');
  });

  it('uses the first paragraph, as plain text, for the description', () => {
    expect(page.description).toBe('The digest ranks papers with full text & vectors. See installation.');
  });

  it('gives headings unique ids and makes their text a link to themselves', () => {
    expect(page.html).toContain('<h2 id="query-syntax" tabindex="-1"><a class="doc-anchor" href="#query-syntax">');
    expect(page.html).toContain('<h2 id="query-syntax-2"');
  });

  it('wraps tables and code blocks for styling and escapes code', () => {
    expect(page.html).toMatch(/<div class="doc-table" tabindex="0"><table>/);
    expect(page.html).toContain('<code dir="ltr">&lt;query&gt;</code>');
    expect(page.html).toContain(
      '<div class="doc-code" dir="ltr"><span class="doc-code-lang">sh</span><pre tabindex="0">',
    );
    expect(page.html).toContain('echo &quot;&lt;done&gt;&quot;</code></pre>');
  });

  it('keeps an inline URL left to right on an Arabic page, wrapping only between its parts', () => {
    const arabic = renderDoc('افتح `https://example.org/api/papers?page=0&limit=9#top` في المتصفح.', 'api', 'ar');
    expect(arabic.html).toContain(
      '<code dir="ltr">https://<wbr>example.org/<wbr>api/<wbr>papers<wbr>?page=0<wbr>&amp;limit=9<wbr>#top</code>',
    );
  });

  it('links to other pages within the documentation and opens other sites in a new tab', () => {
    expect(page.html).toContain(
      '<a href="/documentation?page=installation#requirements" data-doc-link="">installation</a>',
    );
    expect(page.html).toContain(
      '<a href="https://arxiv.org/abs/2005.11401" class="doc-external" target="_blank" rel="noopener noreferrer">',
    );
    expect(page.html).toContain('<a href="/api/docs/json">the API</a>');
    expect(page.html).toContain('<a href="#query-syntax">below</a>');
  });

  it('shows raw HTML as text instead of running it', () => {
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('rewriteDocHref', () => {
  it('recognises links to documentation files in the forms authors write them', () => {
    expect(rewriteDocHref('papers.md').href).toBe('/documentation?page=papers');
    expect(rewriteDocHref('./papers.md#list').href).toBe('/documentation?page=papers#list');
    expect(rewriteDocHref('../en/papers.md').href).toBe('/documentation?page=papers');
    expect(rewriteDocHref('https://example.org/a.md').kind).toBe('external');
    expect(rewriteDocHref('mailto:a@example.org').kind).toBe('other');
  });
});
