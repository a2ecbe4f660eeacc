import { collapseWhitespace, escapeText, formatTitle } from './latex.js';
import { bibtexName } from './names.js';

/** What a citation of an arXiv paper is made from. */
export interface CitedPaper {
  arxivId: string;
  title: string;
  /** Display names as arXiv gives them ("Ludwig van Beethoven"). */
  authors: string[];
  /** YYYY-MM-DD, the first version's. */
  submittedDate: string;
  /** arXiv's primary category (cs.CL). */
  primaryCategory: string;
  doi?: string | null;
  /** Where the paper was published, as arXiv's journal reference gives it. */
  journalRef?: string | null;
}

export interface BibtexEntry {
  /** The citation key, letters and digits only, which also names the .bib file. */
  key: string;
  text: string;
}

/** Letters that Unicode decomposition leaves as they are. */
const LETTER_FOLDS: Record<string, string> = {
  ł: 'l',
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower-case ASCII letters and digits only: Müller → muller, Łukasz → lukasz, 王 → nothing. */
function asciiFold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łßæøœđðþı]/g, (letter) => LETTER_FOLDS[letter] ?? '')
    .replace(/[^a-z0-9]/g, '');
}

/** Words a citation key skips, as Google Scholar's keys do ("attention" for "On the Attention..."). */
const MINOR_WORDS = new Set(
  'a an the on of in for to and with from by at via is are do does how what why when can we towards toward'.split(' '),
);

/** The year of a YYYY-MM-DD date; undefined when it has none. */
const yearOf = (date: string) => /^\d{4}/.exec(date)?.[0];

/**
 * `<family name><year><first significant title word>` (vaswani2017attention), the form reference
 * managers and Google Scholar use. A name without Latin letters gives `arxiv` instead.
 */
export function citationKey(paper: CitedPaper, familyName: string | undefined): string {
  const family = asciiFold(familyName ?? '');
  const words = paper.title
    .replace(/\$[^$]*\$/g, ' ')
    .split(/[^\p{L}\p{N}\p{M}']+/u)
    .map(asciiFold)
    .filter(Boolean);
  const word = words.find((candidate) => !MINOR_WORDS.has(candidate)) ?? words[0] ?? '';
  return `${/^[a-z]/.test(family) ? family : 'arxiv'}${yearOf(paper.submittedDate) ?? ''}${word}`;
}

/**
 * arXiv's DOI field may list several; the first is cited. It goes out as written (biblatex reads the
 * field verbatim), so one that BibTeX or LaTeX could misread is left out rather than altered.
 */
function citedDoi(doi: string | null | undefined): string | null {
  const first = collapseWhitespace(doi ?? '').split(' ')[0] ?? '';
  return /^10\.\d{4,9}\/[^\s{}\\%]+$/.test(first) ? first : null;
}

/**
 * An arXiv paper as a BibTeX @misc entry, the form arXiv itself exports (eprint, archivePrefix,
 * primaryClass), with every author, and the DOI and journal reference (as a note, which every style
 * prints for @misc) when arXiv gives them.
 */
export function formatBibtex(paper: CitedPaper): BibtexEntry {
  const names = paper.authors.filter((name) => collapseWhitespace(name) !== '').map(bibtexName);
  const key = citationKey(paper, names[0]?.familyName);
  const doi = citedDoi(paper.doi);
  const journalRef = collapseWhitespace(paper.journalRef ?? '');
  const fields: [string, string | null | undefined][] = [
    ['title', formatTitle(paper.title)],
    ['author', names.length > 0 ? names.map((name) => name.text).join(' and ') : null],
    ['year', yearOf(paper.submittedDate)],
    ['eprint', paper.arxivId],
    ['archivePrefix', 'arXiv'],
    ['primaryClass', paper.primaryCategory ? escapeText(paper.primaryCategory) : null],
    ['url', `https://arxiv.org/abs/${paper.arxivId}`],
    ['doi', doi],
    ['note', journalRef ? escapeText(journalRef) : null],
  ];
  const lines = fields.flatMap(([name, value]) => (value ? [`  ${name} = {${value}}`] : []));
  return { key, text: `@misc{${key},\n${lines.join(',\n')}\n}\n` };
}
