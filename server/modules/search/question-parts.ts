/**
 * How much a term of a breadcrumb's context counts against one of its last part. A heading pasted
 * from a curated list ("subject: section > heading") names what is sought last; the words before
 * are shared by every heading of the list, so they place a paper in the field but do not find it.
 */
const CONTEXT_WEIGHT = 0.25;

/** A part of a question and how much its terms count. */
export interface QuestionPart {
  text: string;
  weight: number;
}

/** A question's parts and their weights: all of it, or a breadcrumb's last part and its context. */
export function questionParts(question: string): QuestionPart[] {
  const last = question.lastIndexOf('>');
  const sought = question.slice(last + 1);
  if (last === -1 || !/[\p{L}\p{N}]/u.test(sought)) return [{ text: question, weight: 1 }];
  return [
    { text: sought, weight: 1 },
    { text: question.slice(0, last), weight: CONTEXT_WEIGHT },
  ];
}
