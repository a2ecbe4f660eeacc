/** Where a comment's Share sends its link: a social network's share page, in a window of its own. */
const SHARE_PAGE = 'https://twitter.com/intent/tweet?url=';
export const SHARE_WINDOW_FEATURES = 'width=600,height=400';

/** The link a comment's Share gives: it opens the comment's paper at the comment. */
export function commentLink(id: number, origin: string = window.location.origin): string {
  return `${origin}/comments/comment/${id}`;
}

/** The fragment of a paper page that points at one of its comments (#comment-12). */
export function commentAnchor(id: number): string {
  return `comment-${id}`;
}

export function commentIdOfHash(hash: string): number | null {
  const match = /^#comment-(\d{1,10})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** Opens the share window of a comment's link; the shared page gets no hold on this one. */
export function openShareWindow(id: number): void {
  const shareWindow = window.open(
    `${SHARE_PAGE}${encodeURIComponent(commentLink(id))}`,
    '_blank',
    SHARE_WINDOW_FEATURES,
  );
  if (shareWindow) shareWindow.opener = null;
}
