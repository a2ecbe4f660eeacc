import { describe, expect, it } from 'vitest';
import { renderCardSvg, wrapWords } from './card-svg.js';

describe('share card drawing', () => {
  it('wraps a title into lines that fit, cutting the last with an ellipsis', () => {
    expect(wrapWords('Attention Is All You Need', 32, 4)).toEqual(['Attention Is All You Need']);
    const long = 'word '.repeat(60).trim();
    const lines = wrapWords(long, 20, 4);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(20);
    expect(lines[3]?.endsWith('…')).toBe(true);
    expect(wrapWords(`${'x'.repeat(50)} end`, 20, 2)[0]).toBe(`${'x'.repeat(19)}…`);
  });

  it('draws Arabic from the right, isolated right to left, and escapes every text', () => {
    const svg = renderCardSvg({
      seed: '2401.00001',
      kicker: 'الذكاء الاصطناعي',
      title: 'Agents & <Tools>',
      footerStart: 'arXiv:2401.00001',
      footerEnd: 'ملخص أبحاث الذكاء الاصطناعي',
      rtl: true,
    });
    expect(svg).toContain('width="1200" height="630"');
    expect(svg).toContain(
      'text-anchor="end" fill="#fff" fill-opacity="0.9" font-family="DejaVu Sans" font-size="30" font-weight="700">\u2067الذكاء الاصطناعي\u2069<',
    );
    expect(svg).toContain('>Agents &amp; &lt;Tools&gt;<');
    // An Arabic card's footer starts at the right: the arXiv id there, the digest's name at the left.
    expect(svg).toMatch(/x="1136" y="574" text-anchor="end"[^>]*>arXiv:2401\.00001</);
    expect(svg).toMatch(/x="64" y="574" text-anchor="start"[^>]*>\u2067ملخص/);
  });
});
