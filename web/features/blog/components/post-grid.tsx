import type { BlogListEntry } from '../list-filter.js';
import { PostCard } from './post-card.js';

export function PostGrid({ entries }: { entries: BlogListEntry[] }) {
  return (
    <ul className="grid grid-cols-1 gap-5 sm:gap-6 md:grid-cols-2 lg:grid-cols-3">
      {entries.map(({ post, excerpt }) => (
        <li key={post.id}>
          <PostCard post={post} excerpt={excerpt} />
        </li>
      ))}
    </ul>
  );
}
