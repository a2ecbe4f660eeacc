import { createHash } from 'node:crypto';
import { type CoverInput, coverVersion } from '../../../common/cover.js';
import { escapeXml } from '../seo/xml.js';

/*
 * Paper cover images: a small SVG drawn from a hash of the arXiv id, so every paper gets its own
 * palette, gradient angle and pattern without storing an image, and the same paper always looks the
 * same. A change to the drawing bumps COVER_RENDERER_VERSION (common/cover.ts).
 */

export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 360;
const WIDTH = COVER_WIDTH;
const HEIGHT = COVER_HEIGHT;
const MAX_TITLE_LENGTH = 300;
const MAX_CATEGORY_LENGTH = 40;
const ARABIC_LETTER = /\p{Script=Arabic}/u;

function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** Deterministic "random" numbers: successive pairs of bytes of a digest. */
function byteReader(bytes: Buffer): (modulo: number) => number {
  let position = 0;
  return (modulo) => {
    const value = ((bytes[position % bytes.length] ?? 0) << 8) | (bytes[(position + 1) % bytes.length] ?? 0);
    position += 2;
    return value % modulo;
  };
}

/** Hex colours, which every SVG renderer understands (hsl() is CSS, not SVG 1.1). */
function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (offset: number) => {
    const k = (offset + hue / 30) % 12;
    const value = lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

type Next = (modulo: number) => number;
/** Draws the pattern layer; `id` prefixes any element ids it defines. */
type Pattern = (next: Next, id: string) => string;

const circles: Pattern = (next) =>
  Array.from({ length: 6 }, () => {
    const opacity = (6 + next(14)) / 100;
    return `<circle cx="${next(WIDTH)}" cy="${next(HEIGHT)}" r="${30 + next(140)}" fill="#fff" fill-opacity="${opacity}"/>`;
  }).join('');

/** A tile repeated over the whole cover, turned by a seeded angle. */
function tiled(id: string, size: number, angle: number, tile: string, opacity: number): string {
  return (
    `<pattern id="${id}p" width="${size}" height="${size}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">${tile}</pattern>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id}p)" fill-opacity="${opacity}"/>`
  );
}

const stripes: Pattern = (next, id) => {
  const size = 18 + next(30);
  return tiled(
    id,
    size,
    next(180),
    `<rect width="${2 + next(Math.floor(size / 3))}" height="${size}" fill="#fff"/>`,
    0.12,
  );
};

const dots: Pattern = (next, id) => {
  const size = 24 + next(24);
  return tiled(id, size, next(90), `<circle cx="${size / 2}" cy="${size / 2}" r="${2 + next(5)}" fill="#fff"/>`, 0.2);
};

const triangles: Pattern = (next) =>
  Array.from({ length: 5 }, () => {
    const points = Array.from({ length: 3 }, () => `${next(WIDTH)},${next(HEIGHT)}`).join(' ');
    return `<polygon points="${points}" fill="#fff" fill-opacity="${(5 + next(12)) / 100}"/>`;
  }).join('');

const PATTERNS: Pattern[] = [circles, stripes, dots, triangles];

/**
 * The cover's picture without its texts, drawn from `seed` (the arXiv id) on 640 × 360: its gradient
 * and pattern, and the id that prefixes its element ids. Share cards draw it too (modules/share-cards).
 */
export function coverBackground(seed: string): { id: string; svg: string } {
  const digest = createHash('sha256').update(seed).digest();
  const next = byteReader(digest);
  const hue = next(360);
  const secondHue = (hue + 40 + next(120)) % 360;
  const angle = next(360);
  const pattern = PATTERNS[next(PATTERNS.length)] ?? circles;
  // Element ids carry a hash of the arXiv id so that covers inlined in one page do not clash.
  const id = `c${digest.toString('hex', 0, 4)}`;
  const svg = [
    `<defs><linearGradient id="${id}g" gradientTransform="rotate(${angle} .5 .5)">`,
    `<stop offset="0" stop-color="${hslToHex(hue, 0.65, 0.3)}"/><stop offset="1" stop-color="${hslToHex(secondHue, 0.7, 0.18)}"/>`,
    '</linearGradient></defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id}g)"/>`,
    pattern(next, id),
  ].join('');
  return { id, svg };
}

export function renderCoverSvg(input: CoverInput): string {
  const { id, svg: background } = coverBackground(input.arxivId);
  const category = escapeXml(truncate(input.category, MAX_CATEGORY_LENGTH).toUpperCase());
  // An Arabic name starts at the right edge and reads right to left; spaced letters would break its joins.
  const arabic = ARABIC_LETTER.test(input.category);
  const [categoryX, categoryStyle] = arabic ? [WIDTH - 32, 'direction="rtl"'] : [32, 'letter-spacing="2"'];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${id}t">`,
    `<title id="${id}t">${escapeXml(truncate(input.title, MAX_TITLE_LENGTH))}</title>`,
    background,
    `<text x="${categoryX}" y="52" fill="#fff" font-family="system-ui,sans-serif" font-size="20" font-weight="700" ${categoryStyle}>${category}</text>`,
    `<text x="32" y="${HEIGHT - 30}" fill="#fff" fill-opacity="0.8" font-family="ui-monospace,monospace" font-size="16">arXiv:${escapeXml(input.arxivId)}</text>`,
    '</svg>',
  ].join('');
}

/** A strong ETag (quoted): the cover's version, which its versioned URL names too. */
export function coverEtag(input: CoverInput): string {
  return `"cover-${coverVersion(input)}"`;
}
