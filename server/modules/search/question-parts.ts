import { ARABIC_SCRIPT } from './arabic-words.js';

/**
 * How much a term counts in each part of a heading pasted from a curated list, "subject: section >
 * heading", against 1 in the heading: the list's subject names the field every paper of the list
 * is in, so it counts more than the heading; the sections between are broad and count little. Set
 * on the tune half of the development set (curated lists' headings, bench/search-eval/README.md,
 * docs/decisions/0047-search-ranking-from-real-lists.md): the best of subject 0.25 to 3 and section
 * 0 to 0.75 within a thousandth of nDCG@10, keeping the synthetic sets in context above plain BM25.
 */
const SUBJECT_WEIGHT = 1.25;
const SECTION_WEIGHT = 0.25;

/** A part of a question and how much its terms count. */
export interface QuestionPart {
  text: string;
  weight: number;
}

/**
 * The marks between a breadcrumb's parts: `>` and `›`; in a question written in Arabic also `<` and
 * `‹`, the same arrows as a right-to-left line shows them (a writer who copies what the line shows
 * types the mirrored character).
 */
const BREADCRUMB_MARK = /[>›]/gu;
const BREADCRUMB_MARK_ARABIC = /[>›<‹]/gu;

/** Where the last breadcrumb mark of a question is, -1 when it has none. */
function lastMark(question: string): number {
  const marks = [...question.matchAll(ARABIC_SCRIPT.test(question) ? BREADCRUMB_MARK_ARABIC : BREADCRUMB_MARK)];
  return marks.at(-1)?.index ?? -1;
}

/**
 * A question's parts and their weights: all of it, or a breadcrumb's last part, its subject (before
 * the first colon of what precedes the last breadcrumb mark) and its sections.
 */
export function questionParts(question: string): QuestionPart[] {
  const last = lastMark(question);
  const sought = question.slice(last + 1);
  if (last === -1 || !/[\p{L}\p{N}]/u.test(sought)) return [{ text: question, weight: 1 }];
  const context = question.slice(0, last);
  const colon = context.indexOf(':');
  return [
    { text: sought, weight: 1 },
    ...(colon === -1
      ? [{ text: context, weight: SECTION_WEIGHT }]
      : [
          { text: context.slice(0, colon), weight: SUBJECT_WEIGHT },
          { text: context.slice(colon + 1), weight: SECTION_WEIGHT },
        ]),
  ];
}
