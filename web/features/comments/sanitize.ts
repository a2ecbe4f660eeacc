import { COMMENT_HTML_POLICY } from '../../../common/html-policy.js';
import { createPolicySanitizer } from '../../lib/sanitize-with-policy.js';

/**
 * Comment HTML, sanitised again before rendering (the server sanitised it when it was written) under
 * the comment policy: the editor's formatting only, links limited to http, https, mailto and tel and
 * opened in a new tab, images only from this site's uploads.
 */
export const sanitizeCommentHtml = createPolicySanitizer(COMMENT_HTML_POLICY);
