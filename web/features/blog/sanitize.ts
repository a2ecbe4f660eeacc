import { createHtmlSanitizer } from '../../lib/sanitize-html.js';

// The server renderer has no DOM for DOMPurify; it brings a sanitiser of its own (sanitize-on-server.ts).
let serverSanitizer: ((html: string) => string) | null = null;

export function setServerSanitizer(sanitize: (html: string) => string): void {
  serverSanitizer = sanitize;
}

/**
 * Inline styles and forms go: the prose styles decide the look. Code blocks can take the focus: a
 * code block scrolls sideways on narrow screens, and the keyboard must reach it to scroll it.
 */
const sanitizeInBrowser = createHtmlSanitizer({
  config: {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  },
  afterAttributes(node) {
    if (node.tagName === 'PRE') node.setAttribute('tabindex', '0');
  },
});

/** Post HTML, sanitised before rendering (DESIGN §5: stored HTML is sanitised again at render). */
export function sanitizePostHtml(html: string): string {
  return serverSanitizer ? serverSanitizer(html) : sanitizeInBrowser(html);
}
