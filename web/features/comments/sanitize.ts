import { UPLOADS_PATH_PREFIX } from '../../../common/comment-rules.js';
import { createHtmlSanitizer } from '../../lib/sanitize-html.js';

/** What the comment editor writes: its marks, lists, aligned paragraphs, links and uploaded images. */
const COMMENT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'span', 'a', 'img'];
const COMMENT_ATTRIBUTES = ['href', 'target', 'rel', 'src', 'alt', 'style', 'start'];

/** The inline styles the toolbar sets (text color, background color, alignment) and their safe values. */
const COLOR = /^(#[\da-f]{3,8}|rgba?\(\s*[\d.%\s,/]+\)|[a-z]+)$/i;
const STYLE_VALUES: Record<string, RegExp> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': /^(start|center|end|left|right|justify)$/,
};

/** Keeps the declarations of STYLE_VALUES whose value is plain; anything else (url(), expression()) goes. */
function keptStyle(style: string): string {
  return style
    .split(';')
    .flatMap((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return [];
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return STYLE_VALUES[property]?.test(value) ? [`${property}: ${value}`] : [];
    })
    .join('; ');
}

/** Images only from this site's uploads: a path under the uploads folder, on this origin. */
function isUploadedImage(src: string): boolean {
  try {
    const url = new URL(src, window.location.origin);
    return url.origin === window.location.origin && url.pathname.startsWith(UPLOADS_PATH_PREFIX);
  } catch {
    return false;
  }
}

/**
 * Comment HTML, sanitised again before rendering (the server sanitised it when it was written): the
 * editor's formatting only, links limited to http, https, mailto and tel and opened in a new tab,
 * images only from this site's uploads, each with an alt text (empty when the author gave none).
 */
export const sanitizeCommentHtml = createHtmlSanitizer({
  config: { ALLOWED_TAGS: COMMENT_TAGS, ALLOWED_ATTR: COMMENT_ATTRIBUTES },
  onAttribute(_node, data) {
    if (data.attrName !== 'style') return;
    data.attrValue = keptStyle(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  },
  afterAttributes(node) {
    if (node.tagName !== 'IMG') return;
    const src = node.getAttribute('src');
    if (!src || !isUploadedImage(src)) node.remove();
    else if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  },
});
