/**
 * Prefix of every id and name in post HTML (DOMPurify's SANITIZE_NAMED_PROPS prefix), so a post can
 * never take an id of the page itself (its state block, its root) nor shadow a global by name.
 */
const POST_ID_PREFIX = 'user-content-';

export function postId(value: string): string {
  return value.startsWith(POST_ID_PREFIX) ? value : `${POST_ID_PREFIX}${value}`;
}

/** An in-post link to `#x` leads to the prefixed id, so anchors within a post keep working. */
export function postAnchorHref(href: string): string {
  return href.length > 1 ? `#${postId(href.slice(1))}` : href;
}
