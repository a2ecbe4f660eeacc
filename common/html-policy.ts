/**
 * The one HTML policy of the site: which elements, attributes, inline styles, links and images
 * stored HTML may keep. The server's sanitiser (sanitize-html, common/sanitize-with-policy.ts) and
 * the browser's (DOMPurify, web/lib/sanitize-with-policy.ts) are both built from it. Free of zod and
 * of any library, so the web bundle carries it cheaply.
 */
import { UPLOADS_PATH_PREFIX } from './comment-rules.js';

export interface HtmlPolicy {
  /** Elements kept; other elements are dropped and their text kept (scripts and styles go whole). */
  tags: readonly string[];
  /** Attributes kept, per element; `*` lists those every kept element may carry. */
  attributes: Readonly<Record<string, readonly string[]>>;
  /** Inline style properties kept, per element, each with the pattern its whole value must match. */
  styles: Readonly<Record<string, Readonly<Record<string, RegExp>>>>;
  /** Elements the keyboard must reach (tabindex 0), such as blocks that scroll sideways. */
  focusableTags: readonly string[];
  /** Links without a scheme (relative and in-page links) are kept, or become about:blank. */
  relativeLinks: boolean;
  /** Image sources: any the link rules accept, or only images uploaded to this site. */
  images: 'any' | 'uploads';
  /** Put before every id and name, so the HTML can never take an id or name of the page around it. */
  idPrefix: string | null;
}

/** Links keep only these schemes; any other link leads to REFUSED_LINK and opens in a new tab without opener. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const REFUSED_LINK = 'about:blank';
export const NEW_TAB_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * Elements the policy does not keep go with everything in them when their content is code, another
 * document, or not prose (DOMPurify's own list, with form controls); other elements leave their text.
 */
export const DROPPED_WITH_CONTENT = (
  'script style template noscript noembed noframes plaintext xmp iframe head title svg math mi mn mo ms mtext ' +
  'annotation-xml desc foreignobject audio video colgroup thead selectedcontent textarea option select object'
).split(' ');

/** The names the server gives uploaded images: 32 random hex digits and the extension of the type. */
export const UPLOADED_IMAGE_NAME = /^[0-9a-f]{32}\.(?:png|jpg|gif|webp)$/;

/** A colour only: hex, rgb()/rgba() of numbers, or a keyword; never a url(), expression() or var(). */
const COLOUR = /^(?:#[0-9a-f]{3,8}|rgba?\([\d\s.,%/]+\)|[a-z]+)$/i;
const TEXT_ALIGN = /^(?:left|right|center|justify|start|end)$/i;

/** Posts: the prose of the blog, without inline styles or forms. */
export const POST_HTML_POLICY: HtmlPolicy = {
  tags: (
    'h1 h2 h3 h4 h5 h6 p br hr a strong b em i u s small sub sup mark abbr cite q kbd code pre blockquote ' +
    'ul ol li dl dt dd figure figcaption img table caption thead tbody tfoot tr th td span div'
  ).split(' '),
  attributes: {
    '*': ['id', 'class', 'lang', 'dir', 'title'],
    a: ['href', 'name'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    ol: ['start', 'reversed'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  styles: {},
  focusableTags: ['pre'],
  relativeLinks: true,
  images: 'any',
  // A post can never take an id of the page itself (its state block, its root) nor shadow a global by name.
  idPrefix: 'user-content-',
};

/**
 * Comments: what the comment editor produces and nothing else. Paragraphs (aligned), line breaks,
 * bold, italic, underline, lists, coloured and highlighted text, links, and images uploaded here.
 */
export const COMMENT_HTML_POLICY: HtmlPolicy = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'span', 'mark', 'a', 'img'],
  attributes: { a: ['href'], img: ['src', 'alt'], ol: ['start'] },
  styles: {
    p: { 'text-align': TEXT_ALIGN },
    span: { color: COLOUR, 'background-color': COLOUR },
    mark: { color: COLOUR, 'background-color': COLOUR },
  },
  focusableTags: [],
  relativeLinks: false,
  images: 'uploads',
  idPrefix: null,
};

/**
 * A URL's scheme as a browser reads it: browsers ignore control characters and spaces around and
 * inside a scheme (`java\tscript:`), so they cannot hide one here either.
 */
export function schemeOf(url: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url.replace(/[\u0000-\u0020\u007f]+/g, ''))?.[1];
  return scheme ? scheme.toLowerCase() : null;
}

/**
 * The href a link keeps: itself when its scheme is allowed, or when it has none (and is not
 * protocol-relative) and the policy keeps those; any other link leads to about:blank. In-page links
 * lead to the prefixed id.
 */
export function policyLinkHref(policy: HtmlPolicy, href: string): string {
  const scheme = schemeOf(href);
  const allowed =
    scheme === null
      ? policy.relativeLinks && !/^\s*[\\/]{2}/.test(href)
      : (LINK_SCHEMES as readonly string[]).includes(scheme);
  if (!allowed) return REFUSED_LINK;
  return href.startsWith('#') && href.length > 1 ? `#${policyId(policy, href.slice(1))}` : href;
}

/** An id or name as the HTML may carry it: with the policy's prefix, once. */
export function policyId(policy: HtmlPolicy, value: string): string {
  const prefix = policy.idPrefix;
  return prefix && !value.startsWith(prefix) ? `${prefix}${value}` : value;
}

/**
 * The source an image keeps, or null when it must go. Under the uploads policy only this site's
 * uploaded images stay, written as a path (`/uploads/<name>`) whether given as a path or as a URL on
 * `siteOrigin`; other sources follow the link rules.
 */
export function policyImageSrc(policy: HtmlPolicy, src: string, siteOrigin: string): string | null {
  if (policy.images === 'any') return policyLinkHref(policy, src) === REFUSED_LINK ? null : src;
  const path = siteOrigin && src.startsWith(`${siteOrigin}/`) ? src.slice(siteOrigin.length) : src;
  return path.startsWith(UPLOADS_PATH_PREFIX) && UPLOADED_IMAGE_NAME.test(path.slice(UPLOADS_PATH_PREFIX.length))
    ? path
    : null;
}

/**
 * The declarations of an inline style the policy keeps on this element, or null when none. Each
 * declaration is kept only when its property is listed and its whole value matches, so a fragment
 * of a malformed style (a `;` inside quotes) can never pass.
 */
export function policyStyle(policy: HtmlPolicy, tag: string, style: string): string | null {
  const allowed = ownEntry(policy.styles, tag);
  if (!allowed) return null;
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (Object.hasOwn(allowed, property) && allowed[property]?.test(value)) kept.push(`${property}:${value}`);
  }
  return kept.length > 0 ? kept.join(';') : null;
}

/**
 * The attributes an element keeps under the policy, rewritten as it requires: listed attributes
 * only, styles filtered, ids prefixed, links checked and sent to a new tab without opener (in-page
 * anchors excepted), image sources checked (an image left without one is to be dropped), and
 * focusable elements given tabindex 0.
 */
export function policyAttributes(
  policy: HtmlPolicy,
  tag: string,
  attributes: Readonly<Record<string, string>>,
  siteOrigin: string,
): Record<string, string> {
  const listed = new Set([...(ownEntry(policy.attributes, '*') ?? []), ...(ownEntry(policy.attributes, tag) ?? [])]);
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (listed.has(name)) kept[name] = name === 'id' || name === 'name' ? policyId(policy, value) : value;
  }
  const style = attributes.style === undefined ? null : policyStyle(policy, tag, attributes.style);
  if (style) kept.style = style;
  if (tag === 'a' && kept.href !== undefined) {
    kept.href = policyLinkHref(policy, kept.href);
    if (!kept.href.startsWith('#')) Object.assign(kept, NEW_TAB_LINK);
  }
  if (tag === 'img' && kept.src !== undefined) {
    const src = policyImageSrc(policy, kept.src, siteOrigin);
    if (src === null) delete kept.src;
    else kept.src = src;
  }
  if (policy.focusableTags.includes(tag)) kept.tabindex = '0';
  return kept;
}

/** Every attribute policyAttributes may answer for an element. */
export function policyAttributeNames(policy: HtmlPolicy, tag: string): string[] {
  return [
    ...(ownEntry(policy.attributes, '*') ?? []),
    ...(ownEntry(policy.attributes, tag) ?? []),
    ...(ownEntry(policy.styles, tag) ? ['style'] : []),
    ...(tag === 'a' ? Object.keys(NEW_TAB_LINK) : []),
    ...(policy.focusableTags.includes(tag) ? ['tabindex'] : []),
  ];
}

/** An entry of a record by element name, never one of Object's own properties (`constructor`). */
function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
