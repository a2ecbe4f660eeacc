import type { JudgedReader } from '../recommend-eval/judged-readers.js';
import { BOOKMARKS } from '../recommend-eval/judged-readers.js';
import type { DevSetFile, Half } from '../search-eval/dev-set.js';
import { sample } from '../search-eval/sample.js';
import type { JudgedPaper } from './judged-related.js';

/** The corpus papers of each heading of a half of the development set (a part of the corpus keeps fewer). */
function headingsOf(set: DevSetFile, half: Half, inCorpus: ReadonlySet<string>): string[][] {
  const lists = new Set(set.lists.filter((list) => list.half === half).map((list) => list.repo));
  return set.headings
    .filter((heading) => lists.has(heading.list))
    .map((heading) => heading.arxivIds.filter((id) => inCorpus.has(id)));
}

/**
 * Related papers judged by a curated list: every paper of every heading of the half (or `perHeading`
 * of each, drawn by `seed` and the heading's place), the heading's other papers related (1). A paper
 * under several headings (a section and its sub-section) is judged once for each.
 */
export function headingPapers(
  set: DevSetFile,
  half: Half,
  inCorpus: ReadonlySet<string>,
  { perHeading = Number.POSITIVE_INFINITY, seed = 0 } = {},
): JudgedPaper[] {
  return headingsOf(set, half, inCorpus).flatMap((ids, i) =>
    ids.length < 2
      ? []
      : sample(ids, Math.min(perHeading, ids.length), seed + i).map((arxivId) => ({
          arxivId,
          judgments: new Map(ids.filter((id) => id !== arxivId).map((id) => [id, 1])),
        })),
  );
}

/**
 * Readers judged by a curated list: for each heading of the half with more than BOOKMARKS papers,
 * a reader who saved BOOKMARKS of them, drawn by `seed` (and the heading's place), the rest of the
 * heading related (1).
 */
export function headingReaders(
  set: DevSetFile,
  half: Half,
  inCorpus: ReadonlySet<string>,
  seed: number,
): JudgedReader[] {
  return headingsOf(set, half, inCorpus).flatMap((ids, i) => {
    if (ids.length <= BOOKMARKS) return [];
    const bookmarks = sample(ids, BOOKMARKS, seed + i);
    return [{ bookmarks, judgments: new Map(ids.filter((id) => !bookmarks.includes(id)).map((id) => [id, 1])) }];
  });
}
