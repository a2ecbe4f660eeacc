import { type BlogPost, RELATED_POSTS_LIMIT } from './posts.js';

/**
 * Related articles: other posts sharing at least one tag with the post, most shared tags first,
 * then newest first (the order of `posts`, which is sorted newest first).
 */
export function relatedPosts(post: BlogPost, posts: readonly BlogPost[], limit = RELATED_POSTS_LIMIT): BlogPost[] {
  const tags = new Set(post.tags.map((tag) => tag.toLowerCase()));
  if (tags.size === 0) return [];
  return posts
    .filter((other) => other.id !== post.id)
    .map((other, index) => ({
      other,
      index,
      shared: new Set(other.tags.map((tag) => tag.toLowerCase()).filter((tag) => tags.has(tag))).size,
    }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, limit)
    .map(({ other }) => other);
}
