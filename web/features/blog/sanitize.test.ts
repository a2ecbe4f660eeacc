import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './sanitize.js';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = sanitizePostHtml(html);
  return container;
}

describe('sanitizePostHtml', () => {
  it('removes scripts, event handlers, inline styles and forms', () => {
    const html = sanitizePostHtml(
      '<p style="color:red" onclick="x()">Hi<script>alert(1)</script><img src="x.png" onerror="x()"></p><form><input></form>',
    );
    expect(html).toBe('<p>Hi<img src="x.png"></p>');
  });

  it('opens links in a new tab without opener or referrer', () => {
    const link = parse('<a href="https://arxiv.org/abs/2305.16291">paper</a>').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://arxiv.org/abs/2305.16291');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps http, https, mailto and tel links and blanks other protocols', () => {
    const links = [
      ...parse(
        '<a href="mailto:a@b.org">m</a><a href="tel:+123">t</a><a href="ftp://x.org/f">f</a><a href="javascript:alert(1)">j</a>',
      ).querySelectorAll('a'),
    ].map((link) => link.getAttribute('href'));
    expect(links[0]).toBe('mailto:a@b.org');
    expect(links[1]).toBe('tel:+123');
    expect(links[2]).toBe('about:blank');
    expect(links[3] === null || links[3] === 'about:blank').toBe(true);
  });

  it('lets the keyboard reach code blocks, which may scroll sideways', () => {
    expect(parse('<pre><code>x</code></pre>').querySelector('pre')?.getAttribute('tabindex')).toBe('0');
  });

  it('keeps in-page anchors in the same tab', () => {
    const link = parse('<a href="#step-2">step 2</a>').querySelector('a');
    expect(link?.getAttribute('href')).toBe('#step-2');
    expect(link?.hasAttribute('target')).toBe(false);
  });
});
