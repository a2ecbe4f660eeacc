/** What the categories baseline reads of a paper. */
export interface DatedPaper {
  arxivId: string;
  primaryCategory: string;
  categories: string[];
  published: string;
}

/**
 * Whether a paper (by arXiv id) is filed under a primary category of the saved papers: a reader's
 * categories, as a reader following them would name them.
 */
export function bookmarksCategories(papers: readonly DatedPaper[]) {
  const byId = new Map(papers.map((paper) => [paper.arxivId, paper]));
  return (bookmarks: readonly string[]) => {
    const categories = new Set(bookmarks.flatMap((id) => byId.get(id)?.primaryCategory ?? []));
    return (arxivId: string) => byId.get(arxivId)?.categories.some((category) => categories.has(category)) ?? false;
  };
}

/**
 * The baseline a reader gets from following categories: the newest papers filed under any primary
 * category of the saved papers, the saved ones left out (the later arXiv id first among papers of
 * one date).
 */
export function newestInCategories(papers: readonly DatedPaper[]) {
  const newestFirst = [...papers].sort(
    (a, b) => b.published.localeCompare(a.published) || b.arxivId.localeCompare(a.arxivId),
  );
  const inCategories = bookmarksCategories(papers);
  return (bookmarks: readonly string[], limit: number): string[] => {
    const inTheirs = inCategories(bookmarks);
    const saved = new Set(bookmarks);
    const found: string[] = [];
    for (const paper of newestFirst) {
      if (found.length === limit) break;
      if (!saved.has(paper.arxivId) && inTheirs(paper.arxivId)) found.push(paper.arxivId);
    }
    return found;
  };
}
