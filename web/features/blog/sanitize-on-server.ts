import sanitizeHtml from 'sanitize-html';
import { postAnchorHref, postId } from './sanitize-ids.js';

/**
 * Post HTML sanitised when the server renders a page (web/entry-server.tsx), where DOMPurify has no
 * DOM to work in and a DOM implementation would cost the server a hundred megabytes. The rules are
 * those of sanitize.ts: an allow-list of prose tags, links limited to the protocols of SPEC §5 and
 * opened in a new tab without opener, code blocks that take the focus, no inline styles or forms,
 * ids and names prefixed (see postId).
 */
const PROSE_TAGS = (
  'h1 h2 h3 h4 h5 h6 p br hr a strong b em i u s small sub sup mark abbr cite q kbd code pre blockquote ' +
  'ul ol li dl dt dd figure figcaption img table caption thead tbody tfoot tr th td span div'
).split(' ');

function withPostIds(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const named = { ...attribs };
  for (const name of ['id', 'name'] as const) {
    const value = named[name];
    if (value !== undefined) named[name] = postId(value);
  }
  return named;
}

export function sanitizePostHtmlOnServer(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: PROSE_TAGS,
    allowedAttributes: {
      '*': ['id', 'class', 'lang', 'dir', 'title'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      pre: ['tabindex'],
      ol: ['start', 'reversed'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: withPostIds(attribs) }),
      pre: (tagName, attribs) => ({ tagName, attribs: { ...withPostIds(attribs), tabindex: '0' } }),
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.href?.startsWith('#')
          ? { ...withPostIds(attribs), href: postAnchorHref(attribs.href) }
          : { ...withPostIds(attribs), target: '_blank', rel: 'noopener noreferrer' },
      }),
    },
  });
}
