/**
 * HTML sanitised by sanitize-html under an HtmlPolicy: where there is no DOM (the server, and the
 * server renderer of the public pages). The browser builds DOMPurify from the same policy.
 */
import sanitizeHtml from 'sanitize-html';
import {
  DROPPED_WITH_CONTENT,
  type HtmlPolicy,
  LINK_SCHEMES,
  policyAttributeNames,
  policyAttributes,
  REFUSED_LINK,
} from './html-policy.js';

const optionsByPolicy = new WeakMap<HtmlPolicy, Map<string, sanitizeHtml.IOptions>>();

function optionsFor(policy: HtmlPolicy, siteOrigin: string): sanitizeHtml.IOptions {
  const byOrigin = optionsByPolicy.get(policy) ?? new Map<string, sanitizeHtml.IOptions>();
  optionsByPolicy.set(policy, byOrigin);
  const known = byOrigin.get(siteOrigin);
  if (known) return known;
  const options: sanitizeHtml.IOptions = {
    allowedTags: [...policy.tags],
    nonTextTags: DROPPED_WITH_CONTENT,
    allowedAttributes: Object.fromEntries(policy.tags.map((tag) => [tag, policyAttributeNames(policy, tag)])),
    allowedSchemes: [...LINK_SCHEMES],
    // policyAttributes has already sent every refused link to about:blank.
    allowedSchemesByTag: { a: [...LINK_SCHEMES, new URL(REFUSED_LINK).protocol.slice(0, -1)] },
    allowProtocolRelative: false,
    // policyAttributes filters styles with the browser's rules; sanitize-html's CSS parser is not needed.
    parseStyleAttributes: false,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: policyAttributes(policy, tagName, attribs, siteOrigin) }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
  byOrigin.set(siteOrigin, options);
  return options;
}

/** `html` keeping only what the policy allows; `siteOrigin` is this site's, whose uploaded images stay. */
export function sanitizeWithPolicy(html: string, policy: HtmlPolicy, siteOrigin = ''): string {
  return sanitizeHtml(html, optionsFor(policy, siteOrigin));
}

/** Whether HTML shows any text besides white space: images and empty elements alone are not text. */
export function hasText(html: string): boolean {
  return /[^\s\u200b-\u200d\u2060\ufeff]/.test(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }));
}

/** Whether sanitised HTML shows something to a reader: text, or an image the policy kept. */
export function hasContent(sanitisedHtml: string): boolean {
  return hasText(sanitisedHtml) || /<img\s/i.test(sanitisedHtml);
}
