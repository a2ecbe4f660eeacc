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

/** Math kept for LaTeX to typeset, except what would end the field or the line: %, & and # lose their meaning. */
function mathOrNull(content: string): string | null {
  if (!bracesBalance(content)) return null;
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
