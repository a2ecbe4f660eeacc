import { describe, expect, it } from 'vitest';
import { sanitizeCommentHtml } from './sanitize.js';

/** A name the server gives an uploaded image. */
const IMAGE_NAME = '0123456789abcdef0123456789abcdef.png';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = sanitizeCommentHtml(html);
  return container;
}

describe('comment HTML sanitised again before rendering, under the comment policy', () => {
  it('keeps what the editor writes: marks, lists, colors, alignment and uploaded images', () => {
    const html =
      '<p style="text-align:center"><strong>b</strong><em>i</em><u>u</u>' +
      '<span style="color:#e03131;background-color:rgb(255, 236, 153)">c</span></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>two</p></li></ol>' +
      `<p><img src="/uploads/${IMAGE_NAME}" alt=""></p>`;
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
    expect(content.innerHTML).toBe('<span style="color:red">a</span><span>b</span><p style="text-align:end">c</p>');
  });

  it("keeps images from this site's uploads only", () => {
    const content = parse(
      `<img src="/uploads/${IMAGE_NAME}" alt="a chart"><img src="https://evil.example/x.png"><img src="data:image/png;base64,AAAA">` +
        `<img src="//evil.example/uploads/${IMAGE_NAME}"><img src="/uploads/${IMAGE_NAME}" onerror="alert(1)">`,
    );
    expect(content.innerHTML).toBe(
      `<img src="/uploads/${IMAGE_NAME}" alt="a chart"><img src="/uploads/${IMAGE_NAME}">`,
    );
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
