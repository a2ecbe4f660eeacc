import type { Judgments } from '../search-eval/metrics.js';
import { sample } from '../search-eval/sample.js';

/** What the related-papers judgments read of a paper. */
export interface RelatedPaper {
  arxivId: string;
  authors: { name: string }[];
  primaryCategory: string;
  categories: string[];
}

/** One judged paper: the papers like it, graded (2 highly related, 1 related). */
export interface JudgedPaper {
  arxivId: string;
  judgments: Judgments;
}

/**
 * The categories the corpus was collected by (two papers in three are cs.AI) and machine learning's
 * statistics twin: they name no area within it.
 */
const COLLECTED_BY = new Set(['cs.AI', 'cs.CL', 'cs.LG', 'stat.ML']);
/** An area needs this many papers to be one: fewer are stray cross-lists. */
const AREA_MIN_PAPERS = 40;
/** Adds `item` to the list of `key`. */
function listUnder<K, V>(lists: Map<K, V[]>, key: K, item: V): void {
  const list = lists.get(key);
  if (list) list.push(item);
  else lists.set(key, [item]);
}

/** Papers judged per area, so that small areas count as much as computer vision's 11,000 papers. */
const PER_AREA = 10;
/** Papers judged by their authors. */
const BY_AUTHORS = 400;
/** Papers of more authors are consortium reports whose names join unrelated work. */
const MOST_AUTHORS = 20;
/** A name on more papers than this is common enough to be several people. */
const NAME_MOST_PAPERS = 200;
const SEED = 20261127;

/**
 * Papers of one arXiv area are alike: for up to PER_AREA papers filed first under each area of the
 * corpus, another paper is highly related (2) when filed first under the same area, related (1) when
 * it shares another of the paper's areas.
 */
export function sameAreaPapers(papers: readonly RelatedPaper[]): JudgedPaper[] {
  const counts = new Map<string, number>();
  for (const paper of papers) for (const term of paper.categories) counts.set(term, (counts.get(term) ?? 0) + 1);
  const areasOf = (paper: RelatedPaper) =>
    paper.categories.filter((term) => !COLLECTED_BY.has(term) && (counts.get(term) ?? 0) >= AREA_MIN_PAPERS);
  const byArea = new Map<string, RelatedPaper[]>();
  for (const paper of papers) {
    for (const area of areasOf(paper)) listUnder(byArea, area, paper);
  }
  return [...byArea.keys()].sort().flatMap((area) => {
    const filedFirst = (byArea.get(area) ?? []).filter((paper) => paper.primaryCategory === area);
    return sample(filedFirst, Math.min(PER_AREA, filedFirst.length), SEED).map((judged) => {
      const judgments = new Map<string, number>();
      for (const other of areasOf(judged)) {
        for (const paper of byArea.get(other) ?? []) {
          if (paper.arxivId === judged.arxivId) continue;
          const grade = paper.primaryCategory === area ? 2 : 1;
          judgments.set(paper.arxivId, Math.max(judgments.get(paper.arxivId) ?? 0, grade));
        }
      }
      return { arxivId: judged.arxivId, judgments };
    });
  });
}

/** A name as the same person writes it on every paper: no accents, case or punctuation. */
function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Papers by the same people are alike: BY_AUTHORS papers drawn among those sharing at least two
 * authors with another paper (with `fewestRelated` others: a reader's bookmarks need more than
 * one); such a paper is highly related (2) with three or more shared authors, related (1) with two.
 */
export function sameAuthorsPapers(papers: readonly RelatedPaper[], fewestRelated = 1): JudgedPaper[] {
  const namesOf = papers.map((paper) =>
    [...new Set(paper.authors.map((author) => nameKey(author.name)))].filter((name) => name !== ''),
  );
  const byName = new Map<string, number[]>();
  namesOf.forEach((names, i) => {
    for (const name of names) listUnder(byName, name, i);
  });
  const judged: JudgedPaper[] = [];
  namesOf.forEach((names, i) => {
    if (names.length > MOST_AUTHORS) return;
    const shared = new Map<number, number>();
    for (const name of names) {
      const others = byName.get(name) ?? [];
      if (others.length > NAME_MOST_PAPERS) continue;
      for (const other of others) if (other !== i) shared.set(other, (shared.get(other) ?? 0) + 1);
    }
    const judgments = new Map<string, number>();
    for (const [other, count] of shared) {
      if (count >= 2) judgments.set(papers[other]?.arxivId ?? '', count >= 3 ? 2 : 1);
    }
    if (judgments.size >= fewestRelated) judged.push({ arxivId: papers[i]?.arxivId ?? '', judgments });
  });
  return sample(judged, Math.min(BY_AUTHORS, judged.length), SEED);
}
