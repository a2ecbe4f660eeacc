/**
 * Text made safe for a brace-delimited BibTeX field that LaTeX then typesets. Letters of every script
 * stay UTF-8 (biber, biblatex and LaTeX since 2018 read it; no LaTeX accent spells a Chinese or an
 * Arabic name), and only the characters TeX gives a meaning are spelled out.
 */

/**
 * Braces become \textbrace… commands, not \{ \}: BibTeX counts every brace, escaped or not, to find
 * where a field ends, so a lone `\{` would swallow the rest of the entry. <, > and | print as other
 * glyphs in LaTeX's default font encoding.
 */
const TEXT_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
};

/** One line: newlines, tabs and runs of spaces become one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Plain text, every TeX special character spelled out. */
export function escapeText(text: string): string {
  return collapseWhitespace(text).replace(/[\\{}&%$#_~^<>|]/g, (char) => TEXT_ESCAPES[char] ?? char);
}

/**
 * Inline math as arXiv titles write it (`$O(n^2)$`), with pandoc's rule so that prices are not math:
 * the opening `$` is followed and the closing one preceded by a non-space, and no digit follows it.
 */
const INLINE_MATH = /\$([^\s$](?:[^$]*[^\s$])?)\$(?!\d)/g;

/** Whether BibTeX's brace count stays at or above zero through the text and ends at zero. */
function bracesBalance(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '{') depth++;
    else if (char === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The commands math may use: symbols, fonts, accents and operators, which only typeset. Any other
 * command could read or write files (\input, \openout; \write18 runs a program), redefine TeX
 * (\def, \catcode, \csname) or pull in packages, so math using one is printed as text.
 */
const MATH_COMMANDS = new Set(
  [
    // Greek letters
    'alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi',
    'rho varrho sigma varsigma tau upsilon phi varphi chi psi omega',
    'Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega',
    // fonts and text inside math
    'mathbb mathcal mathbf mathrm mathit mathsf mathtt mathfrak mathscr boldsymbol bm operatorname',
    'text textit textbf texttt textrm textsf textsc textup emph bf it rm sf tt cal',
    // structures, accents and delimiters
    'frac dfrac tfrac sqrt binom hat widehat bar overline underline tilde widetilde vec dot ddot check breve',
    'left right big Big bigg Bigg langle rangle lfloor rfloor lceil rceil lvert rvert lVert rVert vert Vert',
    'boxed overbrace underbrace quad qquad',
    // operators
    'sum prod coprod int iint oint lim limsup liminf log ln lg exp sin cos tan arg max min sup inf det dim',
    'deg ker Pr',
    // relations and arrows
    'le leq ge geq ne neq approx sim simeq cong equiv propto ll gg prec succ preceq succeq in ni notin',
    'subset subseteq supset supseteq sqsubseteq mid parallel perp vdash models',
    'to gets rightarrow leftarrow leftrightarrow Rightarrow Leftarrow Leftrightarrow longrightarrow',
    'longleftarrow Longrightarrow mapsto implies iff uparrow downarrow updownarrow circlearrowright',
    'circlearrowleft rightleftharpoons hookrightarrow',
    // binary operators and other symbols
    'times cdot cdots ldots dots vdots ddots pm mp div ast star circ bullet oplus ominus otimes odot',
    'cup cap setminus wedge vee neg lnot land lor bigcup bigcap bigoplus bigotimes',
    'infty partial nabla forall exists nexists emptyset varnothing ell hbar imath jmath Re Im aleph',
    'prime dagger ddagger top bot angle triangle square Box diamond checkmark sharp flat natural',
  ]
    .join(' ')
    .split(' '),
);

/** Control symbols (a backslash and one character) that only typeset: spaces, braces, escaped specials. */
const MATH_SYMBOLS = new Set([',', ';', ':', '!', ' ', '{', '}', '|', '%', '&', '#', '_']);

/** TeX's control sequences: a backslash and a run of letters, or a backslash and any one character. */
const CONTROL_SEQUENCE = /\\([A-Za-z]+|[^A-Za-z])?/gu;

/**
 * Whether math uses only commands that typeset. `^^` is refused too: TeX reads `^^5c` as a
 * backslash, so it could spell any command.
 */
function onlyTypesets(content: string): boolean {
  if (content.includes('^^')) return false;
  for (const [, name] of content.matchAll(CONTROL_SEQUENCE)) {
    if (name === undefined || !(MATH_COMMANDS.has(name) || MATH_SYMBOLS.has(name))) return false;
  }
  return true;
}

/**
 * Math kept for LaTeX to typeset, except what would end the field or the line: %, & and # lose their
 * meaning. Null (the math is then text) when its braces do not balance or it uses another command.
 */
function mathOrNull(content: string): string | null {
  if (!bracesBalance(content) || !onlyTypesets(content)) return null;
  return `$${content.replace(/(?<!\\)[%&#]/g, (char) => `\\${char}`)}$`;
}

/** A word's leading punctuation, the word, and its trailing punctuation: "(LLMs)," → "(", "LLMs", "),". */
const WORD_PARTS = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u;

/**
 * A word with a capital after its first letter (LLM, GPT-4, ImageNet) is braced, punctuation around
 * it left out, so that a style which sentence-cases titles keeps it as written.
 */
function protectWord(word: string): string {
  const [, before = '', core = '', after = ''] = WORD_PARTS.exec(word) ?? [];
  if (!/^.+\p{Lu}/u.test(core)) return escapeText(word);
  return `${escapeText(before)}{${escapeText(core)}}${escapeText(after)}`;
}

const protectCapitals = (text: string) => text.split(' ').map(protectWord).join(' ');

/**
 * A title: its inline math kept (braced, so no style lower-cases it), everything else plain text with
 * acronyms and mixed-case words braced.
 */
export function formatTitle(title: string): string {
  const text = collapseWhitespace(title);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(INLINE_MATH)) {
    const math = mathOrNull(match[1] ?? '');
    if (math === null) continue;
    out += protectCapitals(text.slice(last, match.index));
    out += `{${math}}`;
    last = match.index + match[0].length;
  }
  return out + protectCapitals(text.slice(last));
}
