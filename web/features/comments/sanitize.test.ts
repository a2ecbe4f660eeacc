import { describe, expect, it } from 'vitest';
import { sanitizeCommentHtml } from './sanitize.js';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = sanitizeCommentHtml(html);
  return container;
}

describe('comment HTML sanitised before rendering', () => {
  it("keeps the editor's formatting: marks, lists, colors and alignment", () => {
    const html =
      '<p style="text-align: center"><strong>b</strong><em>i</em><u>u</u>' +
      '<span style="color: #e03131; background-color: rgb(255, 236, 153)">c</span></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>two</p></li></ol>';
    expect(parse(html).innerHTML).toBe(html);
  });

  it('removes scripts, event handlers, frames, forms and other tags', () => {
    const content = parse(
      '<p onclick="x()">Hi<script>alert(1)</script></p><iframe src="https://evil.example"></iframe><svg><script>alert(1)</script></svg><form><input></form><h1>big</h1>',
    );
    expect(content.innerHTML).toBe('<p>Hi</p>big');
  });

  it('keeps only plain colors and alignments in inline styles', () => {
    const content = parse(
      '<span style="color: red; background-image: url(https://evil.example/x.png)">a</span>' +
        '<span style="width: expression(alert(1)); color: expression(alert(1))">b</span>' +
        '<p style="text-align: end; position: fixed">c</p>',
    );
    expect(content.innerHTML).toBe('<span style="color: red">a</span><span>b</span><p style="text-align: end">c</p>');
  });

  it("keeps images from this site's uploads only, each with an alt text", () => {
    const content = parse(
      '<img src="/uploads/abc.png"><img src="https://evil.example/x.png" alt="x"><img src="data:image/png;base64,AAAA">' +
        '<img src="//evil.example/uploads/x.png"><img src="/uploads/a.png" onerror="alert(1)" alt="a chart">',
    );
    expect(content.innerHTML).toBe('<img src="/uploads/abc.png" alt=""><img src="/uploads/a.png" alt="a chart">');
  });

  it('keeps http, https, mailto and tel links, opened in a new tab, and disarms the rest', () => {
    const links = [
      ...parse(
        '<a href="https://arxiv.org">h</a><a href="mailto:a@b.org">m</a><a href="tel:+123">t</a>' +
          '<a href="javascript:alert(1)">j</a><a href="data:text/html,<script>alert(1)</script>">d</a>',
      ).querySelectorAll('a'),
    ];
    expect(links.slice(0, 3).map((link) => link.getAttribute('href'))).toEqual([
      'https://arxiv.org',
      'mailto:a@b.org',
      'tel:+123',
    ]);
    for (const link of links.slice(3)) expect([null, 'about:blank']).toContain(link.getAttribute('href'));
    for (const link of links.slice(0, 3)) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});
