import { describe, expect, it } from 'vitest';
import { readAtomFeed, splitCategoryTerms } from './atom.js';

const entry = (categories: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <entry>
    <id>http://arxiv.org/abs/0704.0001v3</id>
    <updated>2008-11-13T18:01:43Z</updated>
    <published>2007-04-02T19:18:42Z</published>
    <title>A title</title>
    <summary>An abstract.</summary>
    <author><name>A. Author</name><arxiv:affiliation>One</arxiv:affiliation><arxiv:affiliation>Two</arxiv:affiliation></author>
    <arxiv:primary_category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
    ${categories}
  </entry>
</feed>`;

describe('readAtomFeed', () => {
  it('keeps ACM and MSC class terms apart from arXiv categories, primary first', () => {
    const feed = readAtomFeed(
      entry(`<category term="cs.AI" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
    <category term="I.2.7; H.3.3" scheme="http://arxiv.org/schemas/atom"/>
    <category term="68T05, 68T50" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cond-mat.str-el" scheme="http://arxiv.org/schemas/atom"/>`),
    );
    expect(feed).toMatchObject({
      kind: 'papers',
      papers: [
        {
          arxivId: '0704.0001',
          version: 3,
          primaryCategory: 'cs.LG',
          categories: ['cs.LG', 'cs.AI', 'cond-mat.str-el'],
          classCodes: ['I.2.7', 'H.3.3', '68T05', '68T50'],
          authors: [{ name: 'A. Author', affiliations: ['One', 'Two'] }],
        },
      ],
    });
  });

  it('takes the PDF link over https, and one that is no web link not at all', () => {
    const pdfUrlOf = (href: string) => {
      const feed = readAtomFeed(entry(`<link title="pdf" href="${href}" rel="related" type="application/pdf"/>`));
      return feed.kind === 'papers' ? feed.papers[0]?.pdfUrl : null;
    };
    expect(pdfUrlOf('http://arxiv.org/pdf/0704.0001v3')).toBe('https://arxiv.org/pdf/0704.0001v3');
    expect(pdfUrlOf('javascript:alert(document.cookie)')).toBe('https://arxiv.org/pdf/0704.0001v3');
    expect(pdfUrlOf('data:text/html,hello')).toBe('https://arxiv.org/pdf/0704.0001v3');
  });

  it('refuses an entry without an abstract and a body that is not XML, as unreadable feeds', () => {
    expect(() => readAtomFeed(entry('').replace('<summary>An abstract.</summary>', ''))).toThrow(
      'arXiv sent a feed that cannot be read: its entry http://arxiv.org/abs/0704.0001v3 has no title or no abstract',
    );
    expect(() => readAtomFeed('plain text')).toThrow(
      'arXiv sent a feed that cannot be read: it has no Atom feed element',
    );
  });
});

describe('splitCategoryTerms', () => {
  it('recognises the shapes of arXiv taxonomy terms', () => {
    const terms = ['hep-th', 'math.GT', 'q-bio.QM', 'physics.acc-ph', 'math-ph', 'astro-ph.CO', 'F.2.2', '05C80'];
    expect(splitCategoryTerms('hep-th', terms)).toEqual({
      categories: ['hep-th', 'math.GT', 'q-bio.QM', 'physics.acc-ph', 'math-ph', 'astro-ph.CO'],
      classCodes: ['F.2.2', '05C80'],
    });
  });
});
