import type { JudgedPaper } from '../related-eval/judged-related.js';
import type { Judgments } from '../search-eval/metrics.js';
import { sample } from '../search-eval/sample.js';

/** Papers a judged reader saved. */
export const BOOKMARKS = 3;

/** A judged reader: the papers saved (arXiv ids) and the rest of their group, graded. */
export interface JudgedReader {
  bookmarks: string[];
  judgments: Judgments;
}

/**
 * A reader per judged paper of the related-papers rules: its group is the paper and the papers
 * related to it. BOOKMARKS papers are drawn by `seed` among the paper and its highly related ones
 * (its related ones when fewer than two are highly related); the rest of the group is judged as
 * the rules grade it, the paper itself highly related when not drawn. A group too small to leave a
 * judged paper makes no reader.
 */
export function judgedReaders(judged: readonly JudgedPaper[], seed: number): JudgedReader[] {
  return judged.flatMap(({ arxivId, judgments }, i) => {
    const highly = [...judgments].filter(([, grade]) => grade === 2).map(([id]) => id);
    const drawnFrom = [arxivId, ...(highly.length >= 2 ? highly : [...judgments.keys()])];
    if (drawnFrom.length < BOOKMARKS) return [];
    const bookmarks = sample(drawnFrom, BOOKMARKS, seed + i);
    const rest = new Map([[arxivId, 2], ...judgments]);
    for (const id of bookmarks) rest.delete(id);
    return rest.size > 0 ? [{ bookmarks, judgments: rest }] : [];
  });
}
