import { describe, expect, it } from 'vitest';
import { filterEntries, paginate, toListEntries } from './list-filter.js';
import { readBlogListParams, toBlogListSearch } from './list-params.js';
import { makePost } from './test-posts.js';

const entries = toListEntries([
  makePost({ id: 'rrf', title: 'Hybrid Search with RRF', category: 'Guides', tags: ['rag', 'search'] }),
  makePost({ id: 'memory', title: 'Memory for Agents', category: 'Tutorials', content: '<p>Episodic RECALL</p>' }),
  makePost({ id: 'views', title: 'What is agentic?', category: 'Views', content: '', description: 'A definition' }),
  makePost({ id: 'odd', title: 'Odd one', category: null, tags: ['Agents'] }),
]);
const ids = (list: typeof entries) => list.map((entry) => entry.post.id);

describe('filterEntries', () => {
  it('shows every post for All and a blank search', () => {
    expect(ids(filterEntries(entries, { category: null, query: '   ' }))).toEqual(['rrf', 'memory', 'views', 'odd']);
  });

  it('keeps the posts of the chosen category; posts without one only show under All', () => {
    expect(ids(filterEntries(entries, { category: 'Guides', query: '' }))).toEqual(['rrf']);
    expect(ids(filterEntries(entries, { category: 'Research', query: '' }))).toEqual([]);
  });

  it('matches a case-insensitive, trimmed substring of title, content or tags', () => {
    expect(ids(filterEntries(entries, { category: null, query: '  hybrid ' }))).toEqual(['rrf']);
    expect(ids(filterEntries(entries, { category: null, query: 'episodic recall' }))).toEqual(['memory']);
    expect(ids(filterEntries(entries, { category: null, query: 'AGENTS' }))).toEqual(['memory', 'odd']);
    expect(ids(filterEntries(entries, { category: null, query: 'rag' }))).toEqual(['rrf']);
  });

  it('searches the description of a post whose body is a separate file', () => {
    expect(ids(filterEntries(entries, { category: null, query: 'definition' }))).toEqual(['views']);
  });

  it('combines category and search', () => {
    expect(ids(filterEntries(entries, { category: 'Tutorials', query: 'hybrid' }))).toEqual([]);
    expect(ids(filterEntries(entries, { category: 'Tutorials', query: 'memory' }))).toEqual(['memory']);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 14 }, (_, index) => index + 1);

  it('cuts pages of six', () => {
    expect(paginate(items, 1)).toEqual({ items: [1, 2, 3, 4, 5, 6], page: 1, totalPages: 3 });
    expect(paginate(items, 3)).toEqual({ items: [13, 14], page: 3, totalPages: 3 });
  });

  it('moves a page out of range into 1..totalPages', () => {
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, -2).page).toBe(1);
  });

  it('gives one empty page for an empty list', () => {
    expect(paginate([], 4)).toEqual({ items: [], page: 1, totalPages: 1 });
  });
});

describe('list parameters in the URL', () => {
  it('reads category, search and page, ignoring bad values', () => {
    expect(readBlogListParams(new URLSearchParams('category=Guides&q=rag&page=2'))).toEqual({
      category: 'Guides',
      query: 'rag',
      page: 2,
    });
    expect(readBlogListParams(new URLSearchParams('category=Gossip&page=-1'))).toEqual({
      category: null,
      query: '',
      page: 1,
    });
    expect(readBlogListParams(new URLSearchParams('page=2x')).page).toBe(1);
  });

  it('leaves defaults out', () => {
    expect(toBlogListSearch({ category: null, query: '  ', page: 1 }).toString()).toBe('');
    expect(toBlogListSearch({ category: 'Views', query: 'rag', page: 3 }).toString()).toBe(
      'category=Views&q=rag&page=3',
    );
  });
});
