/**
 * Function words a paraphrase may share with a title: they carry no topic. The usual English list
 * (as in NLTK and Lucene), lower case.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he her ' +
    'here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not ' +
    'now of off on once only or other our ours ourselves out over own same she should so some such than that the ' +
    'their theirs them themselves then there these they this those through to too under until up very was we ' +
    'were what when where which while who whom why will with would you your yours yourself yourselves'
  ).split(' '),
);

/** A simple plural and its singular count as one word: "robots" is "robot". */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The words of a text that name something: lower case, split at anything not a letter or digit, stop words and single characters dropped. */
export function contentWords(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  return new Set(words.map(singular));
}

/** The title's content words that the question uses too; a fair paraphrase uses none. */
export function sharedTitleWords(title: string, question: string): string[] {
  const titleWords = contentWords(title);
  return [...contentWords(question)].filter((word) => titleWords.has(word));
}
