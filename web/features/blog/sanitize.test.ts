import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './sanitize.js';
import { sanitizePostHtmlOnServer } from './sanitize-on-server.js';

/** The browser's sanitiser (DOMPurify) and the server renderer's (sanitize-html) keep the same rules. */
describe.each([
  ['in the browser', sanitizePostHtml],
  ['on the server', sanitizePostHtmlOnServer],
])('post HTML sanitised %s', (_, sanitize) => {
  function parse(html: string): HTMLElement {
    const container = document.createElement('div');
    container.innerHTML = sanitize(html);
    return container;
  }

  it('removes scripts, event handlers, inline styles and forms', () => {
    const content = parse(
      '<p style="color:red" onclick="x()">Hi<script>alert(1)</script><img src="x.png" onerror="x()"></p><form><input></form>',
    );
    expect(content.innerHTML).toBe('<p>Hi<img src="x.png"></p>');
  });

  it('opens links in a new tab without opener or referrer', () => {
    const link = parse('<a href="https://arxiv.org/abs/2305.16291">paper</a>').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://arxiv.org/abs/2305.16291');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps http, https, mailto and tel links and drops other protocols', () => {
    const links = [
      ...parse(
        '<a href="mailto:a@b.org">m</a><a href="tel:+123">t</a><a href="ftp://x.org/f">f</a><a href="javascript:alert(1)">j</a>',
      ).querySelectorAll('a'),
    ].map((link) => link.getAttribute('href'));
    expect(links.slice(0, 2)).toEqual(['mailto:a@b.org', 'tel:+123']);
    for (const href of links.slice(2)) expect([null, 'about:blank']).toContain(href);
  });

  it('lets the keyboard reach code blocks, which may scroll sideways', () => {
    expect(parse('<pre><code>x</code></pre>').querySelector('pre')?.getAttribute('tabindex')).toBe('0');
  });

  it('keeps in-page anchors in the same tab, leading to the id as the post carries it', () => {
    const content = parse('<h2 id="step-2">Step 2</h2><a href="#step-2">step 2</a>');
    const link = content.querySelector('a');
    expect(link?.getAttribute('href')).toBe(`#${content.querySelector('h2')?.id}`);
    expect(link?.hasAttribute('target')).toBe(false);
  });

  it("never lets a post carry an id or name of the page's own elements", () => {
    const pageIds = ['ssr-state', 'app-config', 'page-modules', 'root'];
    const content = parse(
      '<h2 id="ssr-state">A</h2><p id="app-config">b</p><div id="page-modules"><a name="root">c</a></div><pre id="root">d</pre>',
    );
    const named = [...content.querySelectorAll('[id], [name]')];
    expect(named).toHaveLength(5);
    for (const element of named) {
      expect(pageIds).not.toContain(element.getAttribute('id'));
      expect(pageIds).not.toContain(element.getAttribute('name'));
    }
    expect(content.textContent).toBe('Abcd');
  });

  it('keeps the prose of the posts: headings, lists, quotes, code and emphasis', () => {
    const prose =
      '<h2>A</h2><h3>B</h3><p><strong>s</strong> <em>e</em> <code>c</code><sub>2</sub></p><ul><li>x</li></ul><ol><li>y</li></ol><blockquote><p>q</p></blockquote>';
    expect(parse(prose).innerHTML).toBe(prose);
  });
});
