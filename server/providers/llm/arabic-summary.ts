import { NULL_VALUE } from '../../../common/paper-rules.js';
import type { ArabicSummary } from '../../../common/papers.js';

export const ARABIC_LETTER = /\p{Script=Arabic}/u;

const TEXT_FIELDS = ['Paper_one_line', 'Problem', 'Takeaway', 'Critique'] as const;

const applies = (value: string) => value.trim() !== '' && value.trim() !== NULL_VALUE;
const isArabic = (value: string) => ARABIC_LETTER.test(value);
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export type ArabicSummaryCheck = { usable: ArabicSummary } | { unusable: string };

/**
 * The model's Arabic for the English reader fields, kept only when it is whole: every field that
 * applies in English is in Arabic, with as many results, and every term explained under its English
 * name. A field that does not apply stays 'Null' whatever the model wrote; term names stay English.
 */
export function checkArabicSummary(english: ArabicSummary, answer: ArabicSummary): ArabicSummaryCheck {
  const problems: string[] = [];
  const text = (field: (typeof TEXT_FIELDS)[number]) => {
    if (!applies(english[field])) return NULL_VALUE;
    const arabic = answer[field].trim();
    if (!applies(arabic) || !isArabic(arabic)) problems.push(`${field} is not in Arabic`);
    return arabic;
  };
  const [Paper_one_line, Problem, Takeaway, Critique] = TEXT_FIELDS.map(text) as [string, string, string, string];

  const results = answer.Results.map((result) => result.trim()).filter(Boolean);
  if (results.length !== english.Results.length) {
    problems.push(`Results has ${results.length} entries for ${english.Results.length}`);
  } else if (!results.every(isArabic)) problems.push('Results is not in Arabic');

  const terms = english.terms.map((term) => {
    const explanation = answer.terms.find((candidate) => sameName(candidate.name, term.name))?.explanation.trim() ?? '';
    if (!isArabic(explanation)) problems.push(`the term ${term.name} is not explained in Arabic`);
    return { name: term.name, explanation };
  });

  if (problems.length > 0) return { unusable: problems.join('; ') };
  return { usable: { Paper_one_line, Problem, Takeaway, Results: results, Critique, terms } };
}
