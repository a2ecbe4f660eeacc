import { useTranslation } from '../../../lib/i18n.js';
import type { BlogPost } from '../posts.js';
import { PostCard } from './post-card.js';

export function RelatedPosts({ posts }: { posts: BlogPost[] }) {
  const { t } = useTranslation('blog');
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-articles" className="mx-auto mt-16 max-w-5xl border-t border-slate-200 pt-10">
      <h2 id="related-articles" className="mb-6 text-2xl font-bold text-slate-900">
        {t('post.related')}
      </h2>
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
