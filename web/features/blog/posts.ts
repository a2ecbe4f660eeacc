import { localeOfPath } from '../../../common/locale-path.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/i18n.js';

/** Blog constants of SPEC §9. */
export const BLOG_PAGE_SIZE = 6;
export const EXCERPT_LENGTH = 150;
export const RELATED_POSTS_LIMIT = 3;

/** The category ids of SPEC §9, in the order of the filter buttons. */
export const BLOG_CATEGORIES = ['Views', 'Announcements', 'Guides', 'Research', 'Tutorials'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
/** The label key of a post whose category is missing or not one of BLOG_CATEGORIES. */
export const UNCATEGORIZED = 'Uncategorized';
export type CategoryLabelKey = BlogCategory | typeof UNCATEGORIZED;

export interface BlogAuthor {
  name: string;
  role: string;
}

/** A post of /blogsFolder/{locale}/blogs.json (SPEC §3), with missing fields filled in. */
export interface BlogPost {
  id: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  category: BlogCategory | null;
  tags: string[];
  author: BlogAuthor | null;
  /** HTML; "" means the body is the separate file {id}.html. */
  content: string;
  excerpt: string | null;
  /** The language of the file the post came from. */
  locale: Locale;
}

export function isBlogCategory(value: unknown): value is BlogCategory {
  return typeof value === 'string' && (BLOG_CATEGORIES as readonly string[]).includes(value);
}

export function categoryLabelKey(category: BlogCategory | null): CategoryLabelKey {
  return category ?? UNCATEGORIZED;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function toAuthor(value: unknown): BlogAuthor | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, role } = value as Record<string, unknown>;
  const author = { name: text(name).trim(), role: text(role).trim() };
  return author.name ? author : null;
}

function toPost(value: unknown, locale: Locale): BlogPost | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const id = typeof raw.id === 'number' ? String(raw.id) : text(raw.id).trim();
  const title = text(raw.title).trim();
  if (!id || !title) return null;
  const excerpt = text(raw.excerpt).trim();
  return {
    id,
    title,
    description: text(raw.description).trim(),
    date: text(raw.date).trim(),
    category: isBlogCategory(raw.category) ? raw.category : null,
    tags: Array.isArray(raw.tags) ? raw.tags.filter((tag): tag is string => typeof tag === 'string' && tag !== '') : [],
    author: toAuthor(raw.author),
    content: text(raw.content),
    excerpt: excerpt || null,
    locale,
  };
}

/** Newest first; posts of the same day keep their order in the file. */
export function sortNewestFirst(posts: readonly BlogPost[]): BlogPost[] {
  return [...posts].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
}

/**
 * Reads blogs.json defensively: it is hand-edited content, so an entry without an id or a title is
 * dropped rather than breaking the list, and every other field gets a safe default.
 */
export function parseBlogPosts(raw: unknown, locale: Locale): BlogPost[] {
  if (!Array.isArray(raw)) throw new TypeError('blogs.json is not a list of posts');
  const seen = new Set<string>();
  const posts: BlogPost[] = [];
  for (const entry of raw) {
    const post = toPost(entry, locale);
    if (!post || seen.has(post.id)) continue;
    seen.add(post.id);
    posts.push(post);
  }
  return sortNewestFirst(posts);
}

/** The list of a locale's posts: /blogs for English, /{locale}/blogs for the others (SPEC §2). */
export function blogListPath(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '/blogs' : `/${locale}/blogs`;
}

/** The locale of the posts a list path shows: /ar/blogs is Arabic, /blogs English. */
export function listLocaleFromPath(pathname: string): Locale {
  return localeOfPath(pathname) ?? DEFAULT_LOCALE;
}

export function blogPostPath(id: string): string {
  return `/blog/${encodeURIComponent(id)}`;
}
