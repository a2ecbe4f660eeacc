import type { BlogCategory, BlogPost } from './posts.js';
import { BLOG_PAGE_SIZE } from './posts.js';
import { normalizeForSearch, postExcerpt, searchableText } from './text.js';

/** A post with what the list derives from it once, rather than on every keystroke. */
export interface BlogListEntry {
  post: BlogPost;
  excerpt: string;
  searchText: string;
}

export function toListEntries(posts: readonly BlogPost[]): BlogListEntry[] {
  return posts.map((post) => ({ post, excerpt: postExcerpt(post), searchText: searchableText(post) }));
}

export interface BlogListFilter {
  /** null: all categories. */
  category: BlogCategory | null;
  /** Raw search input; trimmed here, and blank means no search. */
  query: string;
}

/** Category and case-insensitive substring search (SPEC §5), keeping the list's order. */
export function filterEntries(entries: readonly BlogListEntry[], { category, query }: BlogListFilter): BlogListEntry[] {
  const needle = normalizeForSearch(query.trim());
  return entries.filter(
    (entry) => (category === null || entry.post.category === category) && entry.searchText.includes(needle),
  );
}

export interface Page<T> {
  items: T[];
  /** The page shown: the requested one moved into 1..totalPages. */
  page: number;
  /** At least 1, so an empty list is one empty page. */
  totalPages: number;
}

export function paginate<T>(items: readonly T[], requestedPage: number, pageSize = BLOG_PAGE_SIZE): Page<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const page = Math.min(Math.max(Math.trunc(requestedPage) || 1, 1), totalPages);
  return { items: items.slice((page - 1) * pageSize, page * pageSize), page, totalPages };
}
