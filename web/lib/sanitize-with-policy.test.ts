import { describe, expect, it } from 'vitest';
import { COMMENT_HTML_POLICY, type HtmlPolicy, POST_HTML_POLICY } from '../../common/html-policy.js';
import { sanitizeWithPolicy } from '../../common/sanitize-with-policy.js';
import { createPolicySanitizer } from './sanitize-with-policy.js';

const UPLOADED = '/uploads/0123456789abcdef0123456789abcdef.png';

/** HTML as the browser reads it, attributes in name order, so two serialisations compare by meaning. */
function canonical(html: string): string {
  const container = document.createElement('div');
  container.innerHTML = html;
  for (const element of container.querySelectorAll('*')) {
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const).sort();
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return container.innerHTML;
}

/** Markup meant to run, hide or escape, and markup meant to stay. */
const CORPUS = [
  '<p>Hi<script>alert(1)</script></p>',
  `<p onclick="alert(1)">a<img src="${UPLOADED}" onerror="alert(1)"></p>`,
  '<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">x</a><a href="&#106;avascript&#58;alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a><a href=" \n javascript:alert(1)">x</a><a href="vbscript:x">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a><p>a<img src="data:image/svg+xml,<svg onload=alert(1)>"></p>',
  '<p>a</p><svg><script>alert(1)</script><circle onload="alert(1)"/></svg><math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  '<p><span style="color: expression(alert(1)); background-color: url(javascript:alert(1))">a</span></p>',
  '<p style="background: url(https://evil.example/t.png); text-align: center">a</p><style>p{}</style>',
  '<iframe src="javascript:alert(1)"></iframe><object data="x"></object><embed src="x"><form><input></form>',
  '<p title="a"><img src=x onerror=alert(1)//">b</p>',
  '<p id="root" name="x">a</p><a name="ssr-state" href="#root">b</a><a href="//evil.example">c</a>',
  '<p style="text-align:center">A <strong>b</strong> <em>c</em> <u>d</u><br>g</p><ul><li><p>x</p></li></ul><ol><li>y</li></ol>',
  '<p><span style="color:#e03131;background-color:rgb(255, 236, 153)">c</span> <mark style="background-color:yellow">m</mark></p>',
  '<p><a href="https://arxiv.org/abs/1" target="_self" rel="opener">p</a> <a href="mailto:a@b.org">m</a> <a href="tel:+1">t</a></p>',
  `<p><img src="${UPLOADED}" alt="chart"><img src="https://evil.example${UPLOADED}"><img src="/uploads/../x.png"></p>`,
  '<h2 id="s">T</h2><pre><code>x</code></pre><table><tr><td colspan="2">c</td></tr></table><img src="x.png" alt="a">',
];

describe.each([
  ['comments', COMMENT_HTML_POLICY],
  ['posts', POST_HTML_POLICY],
] as [string, HtmlPolicy][])('the %s policy', (_, policy) => {
  const inBrowser = createPolicySanitizer(policy);
  const onServer = (html: string) => sanitizeWithPolicy(html, policy, window.location.origin);

  it.each(CORPUS)('gives the same HTML in the browser as on the server: %s', (html) => {
    expect(canonical(inBrowser(html))).toBe(canonical(onServer(html)));
  });

  it.each(CORPUS)('leaves nothing that runs: %s', (html) => {
    const container = document.createElement('div');
    container.innerHTML = inBrowser(html);
    expect(container.querySelectorAll('script, style, svg, math, iframe, object, embed, form')).toHaveLength(0);
    for (const element of container.querySelectorAll('*')) {
      for (const { name, value } of element.attributes) {
        expect(name).not.toMatch(/^on/i);
        expect(value).not.toMatch(/javascript:|data:|expression\(|url\(/i);
      }
    }
    for (const link of container.querySelectorAll('a[href]')) {
      expect(link.getAttribute('href')).toMatch(/^(?:https?:|mailto:|tel:|about:blank$|#)/);
      expect(link.getAttribute('rel') ?? 'in-page').toMatch(/^(noopener noreferrer|in-page)$/);
    }
  });
});

describe('the comments policy in the browser', () => {
  const sanitize = createPolicySanitizer(COMMENT_HTML_POLICY);

  it("keeps only this site's uploaded images, written as paths", () => {
    const html = sanitize(`<img src="${window.location.origin}${UPLOADED}"><img src="https://evil.example/x.png">`);
    expect(canonical(html)).toBe(`<img src="${UPLOADED}">`);
  });

  it('sends refused links to about:blank, in a new tab without opener', () => {
    expect(canonical(sanitize('<a href="javascript:alert(1)">x</a>'))).toBe(
      '<a href="about:blank" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });
});
