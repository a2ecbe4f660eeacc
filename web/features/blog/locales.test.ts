import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar/blog.json' with { type: 'json' };
import en from '../../locales/en/blog.json' with { type: 'json' };

describe('blog texts', () => {
  it('have every plural form Arabic needs', () => {
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
      expect(Object.hasOwn(ar, `resultCount_${form}`), form).toBe(true);
    }
  });

  it('say what the spec says', () => {
    expect(en.search.placeholder).toBe('Search articles...');
    expect(en.emptyTitle).toBe('No posts found');
    expect(en.emptyHint).toBe('Try adjusting your search or filter criteria');
    expect(en.post.backToAll).toBe('Back to all posts');
    expect(en.post.loading).toBe('Loading article...');
    expect(en.post.related).toBe('Related Articles');
  });
});
