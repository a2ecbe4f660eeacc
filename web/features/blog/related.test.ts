import { describe, expect, it } from 'vitest';
import { relatedPosts } from './related.js';
import { makePost } from './test-posts.js';

describe('relatedPosts', () => {
  // In list order: newest first.
  const posts = [
    makePost({ id: 'current', tags: ['agents', 'rag', 'memory'] }),
    makePost({ id: 'one-shared-newest', tags: ['agents'] }),
    makePost({ id: 'none', tags: ['deployment'] }),
    makePost({ id: 'two-shared', tags: ['RAG', 'memory', 'other'] }),
    makePost({ id: 'one-shared-older', tags: ['memory'] }),
    makePost({ id: 'three-shared', tags: ['memory', 'rag', 'agents'] }),
    makePost({ id: 'one-shared-oldest', tags: ['rag'] }),
  ];
  const current = posts[0] as (typeof posts)[number];

  it('ranks posts by the number of shared tags, then newest first, up to three', () => {
    expect(relatedPosts(current, posts).map((post) => post.id)).toEqual([
      'three-shared',
      'two-shared',
      'one-shared-newest',
    ]);
  });

  it('never lists the post itself or posts without a shared tag', () => {
    const ids = relatedPosts(current, posts, 10).map((post) => post.id);
    expect(ids).not.toContain('current');
    expect(ids).not.toContain('none');
    expect(ids).toHaveLength(5);
  });

  it('is empty for a post without tags', () => {
    expect(relatedPosts(makePost({ id: 'bare', tags: [] }), posts)).toEqual([]);
  });
});
