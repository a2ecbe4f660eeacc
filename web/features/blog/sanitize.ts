import createDOMPurify, { type DOMPurify } from 'dompurify';
import { postAnchorHref } from './sanitize-ids.js';

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const HAS_SCHEME = /^\s*([a-z][a-z\d+.-]*):/i;

let purifier: DOMPurify | null = null;
// The server renderer has no DOM for DOMPurify; it brings a sanitiser of its own (sanitize-on-server.ts).
let serverSanitizer: ((html: string) => string) | null = null;

export function setServerSanitizer(sanitize: (html: string) => string): void {
  serverSanitizer = sanitize;
}

/**
 * A DOMPurify instance of our own, so that its hook cannot meet another feature's hooks. Links keep
 * only the protocols of SPEC §5 (others become about:blank) and open in a new tab without opener;
 * code blocks can take the focus.
 */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    // A code block scrolls sideways on narrow screens; the keyboard must reach it to scroll it.
    if (node.tagName === 'PRE') node.setAttribute('tabindex', '0');
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (href === null) return;
    const scheme = HAS_SCHEME.exec(href)?.[1];
    if (scheme && !ALLOWED_PROTOCOLS.has(`${scheme.toLowerCase()}:`)) node.setAttribute('href', 'about:blank');
    if (href.startsWith('#')) {
      node.setAttribute('href', postAnchorHref(href));
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = instance;
  return instance;
}

/**
 * Post HTML, sanitised before rendering (DESIGN §5: stored HTML is sanitised again at render). Inline
 * styles and forms go too: the prose styles decide the look. Ids and names are prefixed (see postId).
 */
export function sanitizePostHtml(html: string): string {
  if (serverSanitizer) return serverSanitizer(html);
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
    SANITIZE_NAMED_PROPS: true,
  });
}
