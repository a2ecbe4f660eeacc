/**
 * Words that narrow no search: nearly every abstract has them, and each costs a pass over most of
 * the index. They are dropped unless a query has nothing else.
 */
const STOP_WORDS = new Set(
  (
    'a about above after all also an and any are as at be been being but by can could did do does for from ' +
    'had has have how i if in into is it its me more most my no not of on or our over paper papers so such ' +
    'than that the their them then there these they this those through to under up us using via was we were ' +
    'what when where which while who whom why will with within without would you your'
  ).split(' '),
);

/** More terms than anyone types; each one is a lookup in the index. */
const MAX_TERMS = 24;

const wordOf = (chunk: string) => chunk.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The terms of a query: its whitespace-separated pieces that hold a letter or a digit, each a phrase
 * for the index's own tokenizer (`GPT-4` stays one phrase, as the index split it), repeats and stop
 * words left out. Control characters and lone surrogates become spaces, so no input reaches the
 * database as something it refuses.
 */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  const chunks: string[] = [];
  for (const chunk of query.replace(/[\p{Cc}\p{Cs}]/gu, ' ').split(/\s+/)) {
    const word = wordOf(chunk);
    if (!word || seen.has(word)) continue;
    seen.add(word);
    chunks.push(chunk);
  }
  const meaningful = chunks.filter((chunk) => !STOP_WORDS.has(wordOf(chunk)));
  return (meaningful.length > 0 ? meaningful : chunks).slice(0, MAX_TERMS);
}

/**
 * An FTS5 MATCH expression that finds papers with any of the terms: each term a quoted string (its
 * quotes doubled), so that nothing in it is read as an operator, a column filter or a prefix.
 */
export function fts5Query(terms: string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}
