import { CalendarDays, Info } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useDates } from '../../../lib/dates.js';
import { textDirection, useTranslation } from '../../../lib/i18n.js';
import type { BlogPost } from '../posts.js';
import { postLead } from '../text.js';
import { CategoryBadge } from './category-badge.js';
import { PostBody } from './post-body.js';
import { PostAuthor, PostTags } from './post-meta.js';

interface PostArticleProps {
  post: BlogPost;
  html: string | null;
  bodyError: boolean;
  onRetryBody: () => void;
  isFallback: boolean;
  listPath: string;
  articleRef: RefObject<HTMLElement | null>;
}

export function PostArticle({
  post,
  html,
  bodyError,
  onRetryBody,
  isFallback,
  listPath,
  articleRef,
}: PostArticleProps) {
  const { t } = useTranslation('blog');
  const dates = useDates();
  const { t: tc } = useTranslation();
  const lead = postLead(post);
  // The post's own language, which differs from the UI's when it is shown in English as a fallback.
  const language = { lang: post.locale, dir: textDirection(post.locale) };
  return (
    <>
      {isFallback && (
        <p className="mb-6 flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('post.fallbackNotice')}
        </p>
      )}
      <article ref={articleRef} className="space-y-8">
        <header className="space-y-5 border-b border-slate-200 pb-8">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
            <CategoryBadge category={post.category} />
            <p className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
              <span className="sr-only">{t('post.published')} </span>
              <time dateTime={post.date}>{dates.date(post.date)}</time>
            </p>
          </div>
          <h1 {...language} className="text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {post.title}
          </h1>
          {lead && (
            <p {...language} className="text-lg leading-relaxed text-slate-700 sm:text-xl">
              {lead}
            </p>
          )}
          {post.author && (
            <div {...language}>
              <PostAuthor author={post.author} />
            </div>
          )}
        </header>
        {html !== null && (
          <div {...language}>
            <PostBody html={html} />
          </div>
        )}
        {bodyError && (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-5">
            <p className="text-slate-800">{t('post.bodyError')}</p>
            <Button onClick={onRetryBody}>{tc('common.tryAgain')}</Button>
          </div>
        )}
        <footer className="border-t border-slate-200 pt-6">
          <PostTags tags={post.tags} listPath={listPath} />
        </footer>
      </article>
    </>
  );
}
