import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useLocalizedAddress } from '../../../lib/localized-links.js';
import { type BlogPost, blogPostPath } from '../posts.js';
import { CategoryBadge } from './category-badge.js';

interface PostCardProps {
  post: BlogPost;
  /** Left out on the compact cards of Related Articles. */
  excerpt?: string;
  headingLevel?: 2 | 3;
}

/**
 * A post's card. The whole card opens the post: the title's link stretches over it, so keyboard
 * and screen-reader users meet one link per card, named by the title.
 */
export function PostCard({ post, excerpt, headingLevel = 2 }: PostCardProps) {
  const { t } = useTranslation('blog');
  const dates = useDates();
  const localized = useLocalizedAddress();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      lang={post.locale}
      className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-200 hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-indigo-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <CategoryBadge category={post.category} />
        <time dateTime={post.date} className="text-slate-600">
          {dates.date(post.date, 'short')}
        </time>
      </div>
      <Heading className="mt-4 text-lg leading-snug font-bold text-slate-900 sm:text-xl">
        <Link
          to={localized(blogPostPath(post.id))}
          className="outline-none after:absolute after:inset-0 after:rounded-2xl group-hover:text-indigo-800"
        >
          {post.title}
        </Link>
      </Heading>
      {excerpt && <p className="mt-3 line-clamp-4 leading-relaxed text-slate-700">{excerpt}</p>}
      <span
        aria-hidden="true"
        className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-indigo-700"
      >
        {t('readMore')}
        <ArrowRight className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none rtl:-scale-x-100 rtl:group-hover:-translate-x-1" />
      </span>
    </article>
  );
}
