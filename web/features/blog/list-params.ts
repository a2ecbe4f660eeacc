import { type BlogCategory, isBlogCategory } from './posts.js';

/** The list's state in the URL (?category=Guides&q=rag&page=2), so reloads and Back keep it. */
export interface BlogListParams {
  category: BlogCategory | null;
  /** The search box as typed; filtering trims it. */
  query: string;
  page: number;
}

export function readBlogListParams(params: URLSearchParams): BlogListParams {
  const category = params.get('category');
  const page = params.get('page') ?? '';
  return {
    category: isBlogCategory(category) ? category : null,
    query: params.get('q') ?? '',
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** Defaults are left out, so the plain list stays /blogs. */
export function toBlogListSearch({ category, query, page }: BlogListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (query.trim()) params.set('q', query);
  if (page > 1) params.set('page', String(page));
  return params;
}
