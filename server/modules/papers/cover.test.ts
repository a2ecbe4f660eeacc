import { describe, expect, it } from 'vitest';
import { COVER_RENDERER_VERSION, coverVersion } from '../../../common/cover.js';
import { escapeXml } from '../seo/xml.js';
import { coverEtag, renderCoverSvg } from './cover.js';

const PAPER = { arxivId: '2510.22366', title: 'T2SMark: Robustness & Diversity', category: 'Generative Models' };

/** A small well-formedness check: entities are valid, attributes quoted, and tags nest and close. */
function expectWellFormedXml(xml: string): void {
  expect(xml).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/);
  const open: string[] = [];
  for (const [tag, closing, name = '', attributes = '', selfClosing] of xml.matchAll(
    /<(\/?)([\w:-]+)([^<>]*?)(\/?)>/g,
  )) {
    expect(attributes.replace(/\s+[\w:-]+="[^"<]*"/g, '').trim(), tag).toBe('');
    if (closing) expect(open.pop(), tag).toBe(name);
    else if (!selfClosing) open.push(name);
  }
  expect(open).toEqual([]);
  expect(xml.replace(/<[^<>]*>/g, '')).not.toMatch(/[<>]/);
}

describe('renderCoverSvg', () => {
  it('draws a 16:9 SVG document with the category, the arXiv id and an accessible title', () => {
    const svg = renderCoverSvg(PAPER);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 640 360"/);
    expect(svg).toContain('>GENERATIVE MODELS</text>');
    expect(svg).toContain('>arXiv:2510.22366</text>');
    expect(svg).toMatch(/<title id="(\w+)">T2SMark: Robustness &amp; Diversity<\/title>/);
    expect(svg).toMatch(/aria-labelledby="(\w+)"/);
    expectWellFormedXml(svg);
  });

  it('starts an Arabic category at the right edge, right to left, with its letters joined', () => {
    const svg = renderCoverSvg({ ...PAPER, category: 'النماذج التوليدية' });
    expect(svg).toContain('<text x="608" y="52"');
    expect(svg).toMatch(/direction="rtl">النماذج التوليدية<\/text>/);
    expect(svg).not.toMatch(/letter-spacing="2">النماذج/);
    expect(renderCoverSvg(PAPER)).toMatch(/<text x="32" y="52"[^>]*letter-spacing="2">GENERATIVE MODELS/);
    expectWellFormedXml(svg);
  });

  it('gives the same output for the same input', () => {
    expect(renderCoverSvg({ ...PAPER })).toBe(renderCoverSvg(PAPER));
  });

  it('looks different for different papers', () => {
    const ids = ['2501.00001', '2501.00002', '2312.00738', '2606.17927', 'math/9501234'];
    const drawings = ids.map((arxivId) =>
      // Compare the drawing alone: the ids in the text differ anyway.
      renderCoverSvg({ ...PAPER, arxivId }).replace(
        /<text[^>]*>[^<]*<\/text>|\b(?:id|aria-labelledby)="\w+"|url\(#\w+\)/g,
        '',
      ),
    );
    expect(new Set(drawings).size).toBe(ids.length);
  });

  it('escapes markup in every text and stays well-formed', () => {
    const svg = renderCoverSvg({
      arxivId: '2501.00001',
      title: 'Tom & Jerry <script>alert("x")</script> it\'s \u0007bad',
      category: 'Q&A <Systems>',
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('Tom &amp; Jerry &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; it&apos;s bad');
    expect(svg).toContain('Q&amp;A &lt;SYSTEMS&gt;');
    expectWellFormedXml(svg);
  });

  it('stays small even for a very long title', () => {
    const svg = renderCoverSvg({ ...PAPER, title: 'A very long title & more '.repeat(100) });
    expect(svg).toContain('…</title>');
    expect(Buffer.byteLength(svg)).toBeLessThan(4096);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML special characters and drops characters XML forbids', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>\u0000\uD800`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });
});

describe('coverEtag', () => {
  it('is a strong, quoted ETag naming the cover version, renderer version first', () => {
    expect(coverEtag(PAPER)).toBe(`"cover-${coverVersion(PAPER)}"`);
    expect(coverVersion(PAPER)).toMatch(new RegExp(`^${COVER_RENDERER_VERSION}-[0-9a-z]+$`));
  });

  it('is stable for the same input and changes with any of its parts', () => {
    const etag = coverEtag(PAPER);
    expect(coverEtag({ ...PAPER })).toBe(etag);
    expect(coverEtag({ ...PAPER, arxivId: '2510.22367' })).not.toBe(etag);
    expect(coverEtag({ ...PAPER, title: `${PAPER.title}!` })).not.toBe(etag);
    expect(coverEtag({ ...PAPER, category: 'Computer Vision' })).not.toBe(etag);
  });
});
