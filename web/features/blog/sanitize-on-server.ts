import { POST_HTML_POLICY } from '../../../common/html-policy.js';
import { sanitizeWithPolicy } from '../../../common/sanitize-with-policy.js';

/**
 * Post HTML sanitised when the server renders a page (web/entry-server.tsx), where DOMPurify has no
 * DOM to work in and a DOM implementation would cost the server a hundred megabytes: the post policy
 * of sanitize.ts, applied by sanitize-html.
 */
export function sanitizePostHtmlOnServer(html: string): string {
  return sanitizeWithPolicy(html, POST_HTML_POLICY);
}
