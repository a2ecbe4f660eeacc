import { type BlogPost, EXCERPT_LENGTH } from './posts.js';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return NAMED_ENTITIES[body] ?? entity;
}

/**
 * The readable text of an HTML fragment, with whitespace collapsed. A string function rather than
 * the DOM: it runs for every post on the list page, and needs no sanitiser since nothing is rendered.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first EXCERPT_LENGTH characters of a text, with '...' when something was cut. */
export function truncateText(text: string, length = EXCERPT_LENGTH): string {
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return `${characters.slice(0, length).join('').trimEnd()}...`;
}

/**
 * The card's excerpt (SPEC §3): the post's own excerpt, else the start of its content. A post whose
 * body lives in a separate file ("" content) uses its description, so the list never fetches bodies.
 */
export function postExcerpt(post: BlogPost): string {
  if (post.excerpt) return post.excerpt;
  const source = post.content ? htmlToText(post.content) : post.description;
  return truncateText(source);
}

/** The standfirst under the post's title: its excerpt, else its description. */
export function postLead(post: BlogPost): string {
  return post.excerpt ?? post.description;
}

// Arabic short vowels and other marks (harakat, shadda, sukun, dagger alef) and the tatweel.
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;

/**
 * Text as search compares it: lower case, and Arabic without its optional marks, so that "المنصة"
 * finds "المنصّة" as a reader would expect.
 */
export function normalizeForSearch(text: string): string {
  return text.toLowerCase().replace(ARABIC_MARKS, '');
}

/**
 * What blog search looks in (SPEC §5): title, content and tags. For a post whose body is a separate
 * file the description and excerpt stand in for the content.
 */
export function searchableText(post: BlogPost): string {
  const body = post.content ? htmlToText(post.content) : [post.description, post.excerpt ?? ''].join(' ');
  return normalizeForSearch([post.title, body, post.tags.join(' ')].join('\n'));
}
