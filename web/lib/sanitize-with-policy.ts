import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import {
  DROPPED_WITH_CONTENT,
  type HtmlPolicy,
  LINK_SCHEMES,
  policyAttributeNames,
  policyAttributes,
  policyId,
  policyLinkHref,
  REFUSED_LINK,
} from '../../common/html-policy.js';

/** Names whose values must be rewritten before DOMPurify judges them, so that it keeps what the policy makes of them. */
function rewrittenBeforeChecks(policy: HtmlPolicy, tag: string, name: string, value: string): string {
  if (name === 'id' || name === 'name') return policyId(policy, value);
  if (tag === 'a' && name === 'href') return policyLinkHref(policy, value);
  return value;
}

/**
 * URLs DOMPurify lets through: the policy's link schemes, the refused-link address, and URLs without
 * a scheme (DOMPurify's own test for those). The policy then judges each link and image itself.
 */
const allowedUris = new RegExp(
  `^(?:(?:${LINK_SCHEMES.join('|')}):|${REFUSED_LINK}$|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

/**
 * HTML sanitised in the browser by DOMPurify under an HtmlPolicy: the same rules as the server's
 * sanitize-html (common/sanitize-with-policy.ts). Each sanitiser has a DOMPurify instance of its own,
 * so its hooks never meet another's; it is made on first use, when there is a window.
 */
export function createPolicySanitizer(policy: HtmlPolicy): (html: string) => string {
  const config: Config = {
    ALLOWED_TAGS: [...policy.tags],
    ALLOWED_ATTR: [...new Set(policy.tags.flatMap((tag) => policyAttributeNames(policy, tag)))],
    ALLOWED_URI_REGEXP: allowedUris,
    FORBID_CONTENTS: DROPPED_WITH_CONTENT,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  };
  let purifier: DOMPurify | null = null;

  function createPurifier(): DOMPurify {
    const instance = createDOMPurify(window);
    instance.addHook('uponSanitizeAttribute', (node, data) => {
      data.attrValue = rewrittenBeforeChecks(policy, node.tagName.toLowerCase(), data.attrName, data.attrValue);
    });
    instance.addHook('afterSanitizeAttributes', (node) => {
      const tag = node.tagName.toLowerCase();
      const current = Object.fromEntries([...node.attributes].map((attribute) => [attribute.name, attribute.value]));
      const kept = policyAttributes(policy, tag, current, window.location.origin);
      for (const name of Object.keys(current)) if (!Object.hasOwn(kept, name)) node.removeAttribute(name);
      for (const [name, value] of Object.entries(kept)) if (current[name] !== value) node.setAttribute(name, value);
      // An image whose source the policy refused shows nothing: it goes, as on the server.
      if (tag === 'img' && kept.src === undefined) node.remove();
    });
    return instance;
  }

  return (html) => {
    purifier ??= createPurifier();
    return purifier.sanitize(html, config);
  };
}
