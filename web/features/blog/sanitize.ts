import { POST_HTML_POLICY } from '../../../common/html-policy.js';
import { createPolicySanitizer } from '../../lib/sanitize-with-policy.js';

const sanitizeInBrowser = createPolicySanitizer(POST_HTML_POLICY);
// The server renderer has no DOM for DOMPurify; it brings a sanitiser of its own (sanitize-on-server.ts).
let serverSanitizer: ((html: string) => string) | null = null;

export function setServerSanitizer(sanitize: (html: string) => string): void {
  serverSanitizer = sanitize;
}

/**
 * Post HTML, sanitised before rendering (stored HTML is sanitised again at render) under the post
 * policy: prose only, no inline styles or forms (the prose styles decide the look), links limited to
 * http, https, mailto and tel and opened in a new tab without opener, ids and names prefixed.
 */
export function sanitizePostHtml(html: string): string {
  return serverSanitizer ? serverSanitizer(html) : sanitizeInBrowser(html);
}
