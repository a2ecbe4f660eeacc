import { COVER_HEIGHT, COVER_WIDTH, coverBackground } from '../papers/cover.js';
import { escapeXml } from '../seo/xml.js';

/** The size social networks and chat apps show a large card at (Open Graph, X's summary_large_image). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const MARGIN = 64;
const ARABIC_LETTER = /\p{Script=Arabic}/u;
/** The font the cards are drawn in (shipped by dejavu-fonts-ttf): Latin and Arabic letters alike. */
export const CARD_FONT = 'DejaVu Sans';

export interface CardContent {
  /** Seeds the cover's gradient and pattern: a paper's arXiv id, a post's id, a page's name. */
  seed: string;
  /** The small line above the title: a paper's category, "Blog". */
  kicker: string;
  title: string;
  /** The bottom line's two ends, from where the page's language starts: the arXiv id, the site's name. */
  footerStart: string;
  footerEnd: string;
  /** The page's language: an Arabic card's footer starts at the right. */
  rtl: boolean;
}

const isArabic = (text: string) => ARABIC_LETTER.test(text);

type Side = 'left' | 'right';

/**
 * Text at a side of the card. Arabic text is isolated as right-to-left (U+2067 … U+2069), so its
 * punctuation and Latin words take their places in a right-to-left line.
 */
function textAt(text: string, side: Side, y: number, size: number, weight: 400 | 700, opacity = 1): string {
  if (text === '') return '';
  const shown = isArabic(text) ? `\u2067${text}\u2069` : text;
  const [x, anchor] = side === 'left' ? [MARGIN, 'start'] : [CARD_WIDTH - MARGIN, 'end'];
  return `<text x="${x}" y="${y}" text-anchor="${anchor}" fill="#fff" fill-opacity="${opacity}" font-family="${CARD_FONT}" font-size="${size}" font-weight="${weight}">${escapeXml(shown)}</text>`;
}

/** The side a line starts from: the right for Arabic, the left for other scripts. */
const startSide = (text: string): Side => (isArabic(text) ? 'right' : 'left');

/**
 * Words into lines of at most `perLine` characters, at most `maxLines` of them, the last one cut
 * with an ellipsis when words remain. Characters stand in for widths: the font's letters are of
 * about the same width, and a line is drawn well inside the card's margins.
 */
export function wrapWords(text: string, perLine: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= perLine || current === '') {
      current = candidate.length > perLine ? `${candidate.slice(0, perLine - 1)}…` : candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && current) lines.push(current);
  else if (lines.length === maxLines && words.join(' ').length > lines.join(' ').length) {
    const last = lines[maxLines - 1] ?? '';
    lines[maxLines - 1] = `${last.slice(0, perLine - 1).trimEnd()}…`;
  }
  return lines;
}

/**
 * A share card of 1200 × 630: the cover's picture of `seed` (cut to the card's shape), darkened for
 * legibility, with the kicker, the title on up to four lines, and the footer.
 */
export function renderCardSvg(content: CardContent): string {
  const { svg: background } = coverBackground(content.seed);
  const long = content.title.length > 90;
  const size = long ? 46 : 58;
  const titleLines = wrapWords(content.title, long ? 40 : 32, 4);
  const lineHeight = Math.round(size * 1.25);
  const titleTop = 210 + Math.round(((4 - titleLines.length) * lineHeight) / 2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<svg width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" preserveAspectRatio="xMidYMid slice">${background}</svg>`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#000" fill-opacity="0.28"/>`,
    textAt(content.kicker.toUpperCase(), startSide(content.kicker), 110, 30, 700, 0.9),
    ...titleLines.map((text, index) => textAt(text, startSide(text), titleTop + index * lineHeight, size, 700)),
    textAt(content.footerStart, content.rtl ? 'right' : 'left', CARD_HEIGHT - 56, 28, 400, 0.85),
    textAt(content.footerEnd, content.rtl ? 'left' : 'right', CARD_HEIGHT - 56, 28, 700, 0.85),
    '</svg>',
  ].join('');
}
