import { collapseWhitespace, escapeText } from './latex.js';

/** An author as BibTeX reads it, and the family name a citation key is made from. */
export interface BibtexName {
  /** `von Last, Jr, First`, or a braced `{Organisation}`. */
  text: string;
  familyName: string;
}

const SUFFIX = /^(Jr|Sr|Jnr|Snr|II|III|IV|V|VI)\.?$/;
/**
 * Words that mark a group rather than a person: its name is kept whole, never split into first and last.
 * A word counts only standing alone: letters of any script and apostrophes around it make it part of a
 * name ("D'Incà" holds "Inc", "Teamwork" holds "Team").
 */
const ORGANISATION =
  /(?<![\p{L}\p{N}'’])(Collaboration|Consortium|Team|Group|Project|Committee|Initiative|Institute|Laboratory|Foundation|Society|Association|Organi[sz]ation|Community|Alliance|Inc|Ltd)(?![\p{L}\p{N}'’])/iu;

/**
 * A word that starts with a lower-case letter is a particle (van, de la, bin) when it stands between
 * the given names and the last.
 */
const isParticle = (word: string) => /^\p{Ll}/u.test(word);

/** A word BibTeX would misread is braced: `and` separates authors. */
const nameWord = (word: string) => (word.toLowerCase() === 'and' ? `{${escapeText(word)}}` : escapeText(word));
const nameWords = (words: string[]) => words.map(nameWord).join(' ');

/**
 * The parts of a name as stored ("Ludwig van Beethoven", "Martin Luther King Jr.", rarely
 * "Smith, John"), split as BibTeX splits "First von Last": the last word is the family name, and
 * lower-case words between the given names and it are its particles.
 */
function nameParts(name: string): { first: string[]; von: string[]; last: string[]; suffix: string[] } {
  const parts = name.split(',').map(collapseWhitespace).filter(Boolean);
  // Already "Last, First" or "Last, Jr, First".
  const [lastPart = '', middlePart = '', firstPart = middlePart] = parts;
  const hasSuffix = SUFFIX.test(middlePart);
  if ((parts.length === 2 && !hasSuffix) || (parts.length === 3 && hasSuffix)) {
    const family = lastPart.split(' ');
    const particles = family.slice(0, -1).findLastIndex(isParticle) + 1;
    return {
      first: firstPart.split(' '),
      von: family.slice(0, particles),
      last: family.slice(particles),
      suffix: parts.length === 3 ? [middlePart] : [],
    };
  }
  const words = parts.join(' ').split(' ');
  const suffix = words.length >= 3 && SUFFIX.test(words.at(-1) ?? '') ? words.splice(-1) : [];
  if (words.length === 1) return { first: [], von: [], last: words, suffix };
  const middle = words.slice(1, -1);
  const firstParticle = middle.findIndex(isParticle);
  if (firstParticle === -1) return { first: words.slice(0, -1), von: [], last: words.slice(-1), suffix };
  const lastParticle = middle.findLastIndex(isParticle);
  return {
    first: words.slice(0, firstParticle + 1),
    von: middle.slice(firstParticle, lastParticle + 1),
    last: words.slice(lastParticle + 2),
    suffix,
  };
}

/** An author's name in BibTeX's `von Last, Jr, First` form, which every style and parser reads alike. */
export function bibtexName(name: string): BibtexName {
  const whole = collapseWhitespace(name);
  if (ORGANISATION.test(whole)) return { text: `{${escapeText(whole)}}`, familyName: whole };
  const { first, von, last, suffix } = nameParts(whole);
  const family = nameWords([...von, ...last]);
  const text = [
    family,
    ...(suffix.length > 0 ? [nameWords(suffix)] : []),
    ...(first.length > 0 ? [nameWords(first)] : []),
  ];
  return { text: text.join(', '), familyName: last.join(' ') };
}
