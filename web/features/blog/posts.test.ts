import { describe, expect, it } from 'vitest';
import { blogListPath, blogPostPath, categoryLabelKey, listLocaleFromPath, parseBlogPosts } from './posts.js';

describe('parseBlogPosts', () => {
  it('fills in missing fields, keeps known categories only and sorts newest first', () => {
    const posts = parseBlogPosts(
      [
        { id: 'old', title: 'Old', date: '2025-01-02', category: 'Guides', tags: ['a'], content: '<p>x</p>' },
        { id: 'new', title: 'New', date: '2026-03-04', category: 'Gossip', author: { name: 'Ada', role: 'Core' } },
        { id: 'mid', title: 'Mid', date: '2025-06-01', excerpt: '  ', tags: ['b', 3, ''] },
      ],
      'ar',
    );
    expect(posts.map((post) => post.id)).toEqual(['new', 'mid', 'old']);
    expect(posts[0]).toMatchObject({
      category: null,
      content: '',
      author: { name: 'Ada', role: 'Core' },
      locale: 'ar',
    });
    expect(posts[1]).toMatchObject({ excerpt: null, tags: ['b'], author: null, description: '' });
    expect(posts[2]).toMatchObject({ category: 'Guides', tags: ['a'] });
  });

  it('drops entries without an id or a title, and repeated ids', () => {
    const posts = parseBlogPosts(
      [null, { title: 'No id' }, { id: 'x' }, { id: 'a', title: 'A' }, { id: 'a', title: 'Again' }],
      'en',
    );
    expect(posts.map((post) => post.title)).toEqual(['A']);
  });

  it('refuses a file that is not a list', () => {
    expect(() => parseBlogPosts({ posts: [] }, 'en')).toThrow(TypeError);
  });
});

describe('blog paths', () => {
  it('gives each locale its list and reads it back', () => {
    expect(blogListPath('en')).toBe('/blogs');
    expect(blogListPath('ar')).toBe('/ar/blogs');
    expect(listLocaleFromPath('/ar/blogs')).toBe('ar');
    expect(listLocaleFromPath('/blogs')).toBe('en');
    expect(blogPostPath('a b/c')).toBe('/blog/a%20b%2Fc');
  });

  it('labels a post without a known category Uncategorized', () => {
    expect(categoryLabelKey(null)).toBe('Uncategorized');
    expect(categoryLabelKey('Views')).toBe('Views');
  });
});
