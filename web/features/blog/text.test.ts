import { describe, expect, it } from 'vitest';
import { makePost } from './test-posts.js';
import { htmlToText, normalizeForSearch, postExcerpt, postLead, searchableText, truncateText } from './text.js';

describe('htmlToText', () => {
  it('keeps the words of the markup, decodes entities and collapses whitespace', () => {
    const html =
      '<h2>Tools &amp; memory</h2>\n<p>Use <code>&lt;tool&gt;</code>&nbsp;calls&#8212;or &#x2019;not&#x2019;.</p><ul><li>one</li><li>two</li></ul>';
    expect(htmlToText(html)).toBe('Tools & memory Use <tool> calls—or ’not’. one two');
  });

  it('drops scripts, styles and comments with their contents', () => {
    expect(htmlToText('<p>a</p><script>alert(1)</script><style>p{}</style><!-- note --><p>b</p>')).toBe('a b');
  });

  it('leaves unknown entities as written', () => {
    expect(htmlToText('<p>&unknown; &#0;</p>')).toBe('&unknown; &#0;');
  });
});

describe('truncateText', () => {
  it('keeps a text of at most 150 characters as it is', () => {
    const text = 'x'.repeat(150);
    expect(truncateText(text)).toBe(text);
  });

  it('cuts a longer text at 150 characters and adds an ellipsis', () => {
    expect(truncateText('y'.repeat(200))).toBe(`${'y'.repeat(150)}...`);
    expect(truncateText(`${'z'.repeat(149)} tail`)).toBe(`${'z'.repeat(149)}...`);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncateText('😀'.repeat(151))).toBe(`${'😀'.repeat(150)}...`);
  });
});

describe('postExcerpt', () => {
  it('uses the excerpt field when there is one', () => {
    expect(postExcerpt(makePost({ id: 'a', excerpt: 'Short and sweet.' }))).toBe('Short and sweet.');
  });

  it('otherwise takes the first 150 characters of the content text', () => {
    const words = 'word '.repeat(60).trim();
    const excerpt = postExcerpt(makePost({ id: 'a', content: `<p><strong>${words}</strong></p>` }));
    expect(excerpt).toBe(`${words.slice(0, 150).trimEnd()}...`);
    expect(excerpt.length).toBeLessThanOrEqual(153);
  });

  it('uses the description for a post whose body is a separate file', () => {
    expect(postExcerpt(makePost({ id: 'a', content: '', description: 'What the post is about.' }))).toBe(
      'What the post is about.',
    );
  });
});

describe('postLead', () => {
  it('is the excerpt, else the description', () => {
    expect(postLead(makePost({ id: 'a', excerpt: 'E', description: 'D' }))).toBe('E');
    expect(postLead(makePost({ id: 'a', description: 'D' }))).toBe('D');
  });
});

describe('search text', () => {
  it('ignores case and Arabic marks', () => {
    expect(normalizeForSearch('RAG Agents')).toBe('rag agents');
    expect(normalizeForSearch('المنصّة')).toBe(normalizeForSearch('المنصة'));
    expect(normalizeForSearch('عَرَبِيّ')).toBe('عربي');
  });

  it('covers title, the text of the content and the tags, not the markup', () => {
    const text = searchableText(
      makePost({ id: 'a', title: 'Memory', content: '<p class="lead">Episodic <em>recall</em></p>', tags: ['rag'] }),
    );
    expect(text).toContain('memory');
    expect(text).toContain('episodic recall');
    expect(text).toContain('rag');
    expect(text).not.toContain('lead');
  });

  it('covers description and excerpt when the body is a separate file', () => {
    const text = searchableText(makePost({ id: 'a', content: '', description: 'Hybrid search', excerpt: 'Fusion' }));
    expect(text).toContain('hybrid search');
    expect(text).toContain('fusion');
  });
});
