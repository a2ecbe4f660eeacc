/**
 * Plain text from arXiv abstracts: authors write them in LaTeX, so `\%`, `\textbf{...}` and `$\times$`
 * reach us verbatim. The summariser quotes sentences, so it needs them readable and split correctly.
 */

// biome-ignore format: a compact lookup table reads better than one entry per line
const SYMBOLS: Record<string, string> = {
  times: '×', sim: '~', pm: '±', approx: '≈', to: '→', rightarrow: '→', leftarrow: '←',
  Rightarrow: '⇒', uparrow: '↑', downarrow: '↓', leq: '≤', le: '≤', geq: '≥', ge: '≥', neq: '≠',
  cdot: '·', ldots: '…', dots: '…', infty: '∞', circ: '°', deg: '°', in: '∈', ell: 'ℓ',
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', Delta: 'Δ', epsilon: 'ε', varepsilon: 'ε',
  eta: 'η', theta: 'θ', kappa: 'κ', lambda: 'λ', mu: 'μ', pi: 'π', rho: 'ρ', sigma: 'σ',
  tau: 'τ', phi: 'φ', omega: 'ω', eg: 'e.g.', ie: 'i.e.', etal: 'et al.', colon: ':', mid: '|',
  quad: ' ', cdots: '…',
  // Font and sizing commands written without braces (`\mathbb R`) only style what follows.
  mathbb: '', mathcal: '', mathrm: '', mathbf: '', boldsymbol: '', left: '', right: '', big: '', Big: '',
};

/** Commands whose argument is the text itself (`\textbf{Foo}` is "Foo"). */
const WRAPPERS =
  'textbf|textit|emph|textsc|texttt|underline|text|textrm|textsf|textsuperscript|mathrm|mathbf|mathit|mathsf|mathcal|mathbb|boldsymbol|operatorname|url';

/** Commands whose argument is not prose and is dropped. */
const DROPPED = 'cite|citep|citet|footnote|label|ref';

/** LaTeX accent commands and the combining marks that NFC folds into one letter. */
// biome-ignore format: a compact lookup table
const ACCENTS: Record<string, string> = {
  "'": '\u0301', '`': '\u0300', '"': '\u0308', '^': '\u0302', '~': '\u0303', '=': '\u0304', '.': '\u0307',
  H: '\u030B', c: '\u0327', v: '\u030C', u: '\u0306',
};

/** Escaped characters are parked on private-use code points so later rules leave them alone. */
const ESCAPES = ['%', '&', '_', '$', '#', '{', '}'];
const parked = (index: number) => String.fromCharCode(0xe000 + index);

const SUPERSCRIPTS: Record<string, string> = { '+': '⁺', '-': '⁻', '−': '⁻', n: 'ⁿ' };
for (const [index, digit] of [...'⁰¹²³⁴⁵⁶⁷⁸⁹'].entries()) SUPERSCRIPTS[String(index)] = digit;

function replaceCommands(text: string): string {
  return text.replace(/\\([A-Za-z]+)/g, (_, name: string) => SYMBOLS[name] ?? name);
}

/** `$k^{2}$` is "k²", `$F_1$` is "F1", `$\times$` is "×": inline maths read as plain text. */
function mathToText(math: string): string {
  return replaceCommands(math)
    .replace(/\^\{([^{}]*)\}|\^(\S)/g, (_, group: string | undefined, single: string | undefined) =>
      [...(group ?? single ?? '')].map((char) => SUPERSCRIPTS[char] ?? char).join(''),
    )
    .replace(
      /_\{([^{}]*)\}|_(\S)/g,
      (_, group: string | undefined, single: string | undefined) => group ?? single ?? '',
    )
    .replace(/[{}]/g, '');
}

export function cleanAbstractText(raw: string): string {
  let text = raw;
  ESCAPES.forEach((char, index) => {
    text = text.replaceAll(`\\${char}`, parked(index));
  });
  text = text
    .replace(/\\href\{[^{}]*\}\{([^{}]*)\}/g, '$1')
    .replace(/\\textcolor\{[^{}]*\}\{([^{}]*)\}/g, '$1')
    .replace(new RegExp(`\\s*\\\\(?:${DROPPED})\\{[^{}]*\\}`, 'g'), '');
  const wrapper = new RegExp(`\\\\(?:${WRAPPERS})\\s*\\{([^{}]*)\\}`, 'g');
  // Repeated so that nested wrappers (`\textbf{\emph{x}}`) unwrap too; each pass shortens the text.
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(wrapper, '$1');
  }
  text = text
    .replace(/\\unicode\{x([0-9a-fA-F]{2,5})\}/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\$([^$]*)\$|\\\((.*?)\\\)/g, (_, dollars: string | undefined, parens: string | undefined) =>
      mathToText(dollars ?? parens ?? ''),
    )
    .replace(/\\(['`"^~=.])\{?([A-Za-z])\}?|\\([Hcvu])\{([A-Za-z])\}/g, (...groups: (string | undefined)[]) => {
      const [, symbol, symbolLetter, named, namedLetter] = groups;
      return (symbolLetter ?? namedLetter ?? '') + (ACCENTS[symbol ?? named ?? ''] ?? '');
    })
    .replace(/\\[,;:! ]/g, ' ')
    .replace(/\\-/g, '');
  text = replaceCommands(text).replace(/[${}\\]/g, '');
  ESCAPES.forEach((char, index) => {
    text = text.replaceAll(parked(index), char);
  });
  return text
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,;:.!?)])/g, '$1')
    .replace(/\(\s+/g, '(')
    .trim();
}

/** Words ending in a full stop that do not end a sentence. */
// biome-ignore format: a compact word list
const ABBREVIATIONS = new Set([
  'al', 'vs', 'cf', 'fig', 'figs', 'eq', 'eqs', 'sec', 'approx', 'resp', 'no', 'dr', 'mr',
  'ms', 'prof', 'inc', 'ltd', 'jr', 'st', 'ca', 'incl', 'ref', 'refs', 'vol', 'ch',
]);

/** Headings of structured abstracts ("Methods: We ..."), not part of the sentence. */
const SECTION_LABEL =
  /^(?:background|objectives?|purpose|aims?|methods?|methodology|results?|conclusions?|motivation|context|findings|significance)\s*:\s*/i;
const LIST_MARKER = /^\(?(?:\d{1,2}|[ivx]{1,4})[.)]$/i;

/** A candidate boundary: terminal punctuation, closing quotes or brackets, then a space. */
const BOUNDARY = /[.!?]+["')\]]*\s+/g;

function endsWithAbbreviation(before: string): boolean {
  const [, previousWord = '', lastWord = ''] = /(?:(\S+)\s+)?(\S+)$/.exec(before) ?? [];
  // Dotted abbreviations: e.g., i.e., U.S., w.r.t.
  if (/^\(?(?:[A-Za-z]\.){2,}$/.test(lastWord)) return true;
  // A middle initial, as in "Vera C. Rubin"; "denoted by X. We" still ends a sentence.
  if (/^[A-Z]\.$/.test(lastWord) && /^[A-Z]/.test(previousWord)) return true;
  // "etc." is left out: followed by a capital it usually does end the sentence.
  return ABBREVIATIONS.has(lastWord.replace(/^\(/, '').replace(/\.$/, '').toLowerCase());
}

/** "Steps: 1. Clean. 2. Train.": a list marker belongs to the item that follows it. */
function endsWithListMarker(sentence: string): boolean {
  const [, previousWord, lastWord = ''] = /(?:(\S+)\s+)?(\S+)$/.exec(sentence) ?? [];
  return LIST_MARKER.test(lastWord) && (previousWord === undefined || /[:;]$/.test(previousWord));
}

/** Splits cleaned text into sentences, keeping "e.g.", "et al.", "vs." and decimals like 3.5 intact. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    const next = text.slice(end, end + 2);
    const punctuationEnd = match.index + match[0].trimEnd().length;
    const sentence = text.slice(start, punctuationEnd).trim();
    // A sentence starts with a capital, digit, quote or bracket; lower case means the stop was not one.
    if (!/^["'([]?[A-Z0-9]/.test(next)) continue;
    if (match[0].startsWith('.') && endsWithAbbreviation(text.slice(start, match.index + 1))) continue;
    if (endsWithListMarker(sentence)) continue;
    sentences.push(sentence);
    start = end;
  }
  sentences.push(text.slice(start).trim());
  return sentences.map((sentence) => sentence.replace(SECTION_LABEL, '')).filter((sentence) => sentence.length > 0);
}
