/**
 * Acronyms an abstract defines, in either order: "Retrieval-Augmented Generation (RAG)" or
 * "FADE (Fast Adapter for Data Erasure)". The long form is found with the Schwartz & Hearst (2003)
 * algorithm, so nothing is paraphrased: both parts are the author's own words.
 */

export interface DefinedTerm {
  name: string;
  explanation: string;
}

/**
 * An acronym: letters, digits and hyphens, with at least two capitals ("RAG", "CoT", "LLMs", "T2I"),
 * and not a roman numeral that numbers a list ("(III)").
 */
const SHORT_FORM = /^(?=(?:[^A-Z]*[A-Z]){2})(?![IVX]+$)[A-Za-z][A-Za-z0-9-]{1,11}$/;

const LONG_BEFORE_SHORT = /([^()]+?)\s*\(([^()]{2,12})\)/g;
const SHORT_BEFORE_LONG = /([A-Za-z][A-Za-z0-9-]{1,11})\s*\(([^()]{4,120})\)/g;

const isAlphanumeric = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * The shortest tail of `candidate` whose characters spell `short` in order, with the first
 * character of `short` at the start of a word; null when there is none.
 */
function longFormFor(short: string, candidate: string): string | null {
  let position = candidate.length - 1;
  for (let index = short.length - 1; index >= 0; index--) {
    const char = short.charAt(index).toLowerCase();
    if (!isAlphanumeric(char)) continue;
    while (
      position >= 0 &&
      (candidate.charAt(position).toLowerCase() !== char || (index === 0 && isAlphanumeric(candidate[position - 1])))
    ) {
      position--;
    }
    if (position < 0) return null;
    position--;
  }
  return candidate.slice(candidate.lastIndexOf(' ', position) + 1).trim();
}

/** "LLMs" defines "LLM": the singular is the term, and its long form loses the plural too. */
const isPluralAcronym = (short: string) => /[A-Z]s$/.test(short);

function lastWords(text: string, count: number): string {
  return text.trim().split(/\s+/).slice(-count).join(' ');
}

/** Rejects expansions that are too long, cross a clause, or reuse the acronym ("MEC problem (MEC-B)"). */
function isPlausible(short: string, long: string): boolean {
  const words = long.split(/\s+/);
  const reusesShort = long.split(/[\s-]+/).some((word) => word.length >= 2 && short.includes(word));
  const withinClause = !/[;:]/.test(long);
  return (
    long.length > short.length &&
    words.length <= Math.min(short.length + 5, short.length * 2) &&
    withinClause &&
    !reusesShort
  );
}

interface FoundTerm extends DefinedTerm {
  index: number;
}

function* candidateTerms(text: string): Generator<FoundTerm> {
  for (const match of text.matchAll(LONG_BEFORE_SHORT)) {
    const [, before = '', inside = ''] = match;
    if (!SHORT_FORM.test(inside)) continue;
    const plural = isPluralAcronym(inside);
    const name = plural ? inside.slice(0, -1) : inside;
    const long = longFormFor(name, lastWords(before, Math.min(name.length + 5, name.length * 2)));
    if (!long || !isPlausible(name, long)) continue;
    yield { name, explanation: plural ? long.replace(/s$/, '') : long, index: match.index };
  }
  for (const match of text.matchAll(SHORT_BEFORE_LONG)) {
    const [, name = '', inside = ''] = match;
    const long = inside.trim();
    if (!SHORT_FORM.test(name) || long.split(/\s+/).length < 2) continue;
    // The whole parenthesis must be the expansion, not a comment such as "(Smith et al., 2024)".
    if (longFormFor(name, long) === long && isPlausible(name, long))
      yield { name, explanation: long, index: match.index };
  }
}

/** Defined acronyms in order of appearance, one entry per name, at most `limit`. */
export function extractDefinedTerms(text: string, limit = 6): DefinedTerm[] {
  const found = [...candidateTerms(text)].sort((a, b) => a.index - b.index);
  const terms: DefinedTerm[] = [];
  for (const { name, explanation } of found) {
    if (terms.length >= limit) break;
    if (!terms.some((existing) => existing.name.toLowerCase() === name.toLowerCase()))
      terms.push({ name, explanation });
  }
  return terms;
}
