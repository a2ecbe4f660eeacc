import createDOMPurify, { type Config, type DOMPurify, type UponSanitizeAttributeHook } from 'dompurify';

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const HAS_SCHEME = /^\s*([a-z][a-z\d+.-]*):/i;

/**
 * Links in rich text keep only the http, https, mailto and tel protocols (others become
 * about:blank) and open in a new tab without opener or referrer; in-page anchors stay as they are.
 */
function applyLinkRules(node: Element): void {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href');
  if (href === null) return;
  const scheme = HAS_SCHEME.exec(href)?.[1];
  if (scheme && !ALLOWED_PROTOCOLS.has(`${scheme.toLowerCase()}:`)) node.setAttribute('href', 'about:blank');
  if (href.startsWith('#')) return;
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
}

export interface HtmlPolicy {
  config: Config & { RETURN_DOM?: false; RETURN_DOM_FRAGMENT?: false; RETURN_TRUSTED_TYPE?: false };
  /** Decides on each attribute before DOMPurify's own checks (it may rewrite the value or drop it). */
  onAttribute?: UponSanitizeAttributeHook;
  /** Runs on each element once its attributes are sanitised and its links follow the rules. */
  afterAttributes?: (node: Element) => void;
}

/**
 * A sanitiser for stored HTML (DESIGN §5: sanitised again before rendering), with a DOMPurify
 * instance of its own so that one policy's hooks cannot meet another's. The instance is made on
 * first use: the server renderer has no DOM.
 */
export function createHtmlSanitizer(policy: HtmlPolicy): (html: string) => string {
  let purifier: DOMPurify | null = null;
  return (html) => {
    if (!purifier) {
      purifier = createDOMPurify(window);
      if (policy.onAttribute) purifier.addHook('uponSanitizeAttribute', policy.onAttribute);
      purifier.addHook('afterSanitizeAttributes', (node) => {
        if (node.nodeType !== Node.ELEMENT_NODE) return;
        applyLinkRules(node as Element);
        policy.afterAttributes?.(node as Element);
      });
    }
    return purifier.sanitize(html, policy.config);
  };
}
